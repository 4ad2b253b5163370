import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

export type SqlDialectName = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** `postgres://…` switches to PostgreSQL; otherwise SQLite at `sqliteFile`. */
  url?: string | undefined;
  /** SQLite file path or `:memory:`. */
  sqliteFile: string;
  /** PostgreSQL only: a schema of its own (created if missing), so parallel test apps do not meet. */
  postgresSchema?: string | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number | undefined;
}

export interface DatabaseHandle<DB> {
  db: Kysely<DB>;
  dialect: SqlDialectName;
  close(): Promise<void>;
}

const POSTGRES_INT8_OID = 20;
const POSTGRES_NUMERIC_OID = 1700;
const SQLITE_BUSY_TIMEOUT_MS = 5000;
const SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

// Counts and epoch milliseconds fit well inside 2^53; reading them as numbers keeps both dialects alike.
pg.types.setTypeParser(POSTGRES_INT8_OID, (value) => Number(value));
pg.types.setTypeParser(POSTGRES_NUMERIC_OID, (value) => Number(value));

export function isPostgresUrl(url: string | undefined): url is string {
  return typeof url === 'string' && /^postgres(ql)?:\/\//.test(url);
}

export async function openDatabase<DB>(options: DatabaseOptions): Promise<DatabaseHandle<DB>> {
  if (isPostgresUrl(options.url)) return openPostgres<DB>(options.url, options);
  return openSqlite<DB>(options.sqliteFile);
}

function openSqlite<DB>(file: string): DatabaseHandle<DB> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const cachedConnection = withStatementCache(connection);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachedConnection }) });
  directReaders.set(db, (sqlText, parameters) => {
    // Inside an open transaction the read must queue behind it (Kysely's connection lock), not see its writes.
    if (connection.inTransaction) return undefined;
    const statement = cachedConnection.prepare(sqlText);
    return statement.reader ? statement.all(parameters) : undefined;
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Runs a read at once on the database's own connection, or answers undefined when it must go through Kysely. */
type DirectReader = (sqlText: string, parameters: readonly unknown[]) => unknown[] | undefined;

const directReaders = new WeakMap<object, DirectReader>();

/**
 * SQLite only: better-sqlite3 answers synchronously, so a read outside any transaction needs none of Kysely's
 * connection hand-over (a lock and several awaits, which cost more than the indexed read itself on the hottest
 * path). Used by `reusableQuery`; answers undefined whenever the ordinary path is required.
 */
export function readDirectly(
  db: object,
  sqlText: string,
  parameters: readonly unknown[],
): unknown[] | undefined {
  return directReaders.get(db)?.(sqlText, parameters);
}

/** Most distinct statements an app issues; the cache evicts the oldest beyond this. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running a small indexed query.
 * Handing it a connection whose `prepare` reuses statements by SQL text removes that cost. Statements are safe to
 * reuse: Kysely runs one query at a time on the connection.
 */
function withStatementCache(connection: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => connection.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        // Refresh its position so the least recently used statement is evicted first.
        statements.delete(sqlText);
      } else {
        statement = connection.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

async function openPostgres<DB>(url: string, options: DatabaseOptions): Promise<DatabaseHandle<DB>> {
  const schema = options.postgresSchema;
  if (schema !== undefined && !SCHEMA_NAME_PATTERN.test(schema)) {
    throw new Error(`invalid PostgreSQL schema name: ${schema}`);
  }
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Drops a schema made by `openDatabase({ postgresSchema })`; used by tests to leave nothing behind. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME_PATTERN.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}
