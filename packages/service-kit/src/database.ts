import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
  /**
   * SQLite file locking. `normal` (default): other connections and processes may open the file while this one
   * runs. `exclusive`: this connection takes the file's lock on first use and keeps it until it closes, so reads
   * skip the per-transaction lock calls and the shared-memory index; no other process can open the file meanwhile.
   */
  sqliteLocking?: SqliteLockingMode | undefined;
}

export type SqliteLockingMode = 'normal' | 'exclusive';

export interface DatabaseHandle<DB> {
  db: Kysely<DB>;
  dialect: SqlDialectName;
  close(): Promise<void>;
  /**
   * SQLite only: copies the database to `destinationFile` online, through this connection (so it works while the
   * file is held exclusively), a batch of pages at a time between other work. Absent on PostgreSQL (use pg_dump).
   */
  backup?: (destinationFile: string) => Promise<void>;
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
  return openSqlite<DB>(options.sqliteFile, options.sqliteLocking ?? 'normal');
}

function openSqlite<DB>(file: string, locking: SqliteLockingMode): DatabaseHandle<DB> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  try {
    // First, so that a file another process still holds (an instance shutting down) is waited for, not refused.
    connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    // Before the first WAL access: in exclusive mode SQLite then keeps the WAL index in this process's memory.
    connection.pragma(`locking_mode = ${locking === 'exclusive' ? 'EXCLUSIVE' : 'NORMAL'}`);
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('synchronous = NORMAL');
  } catch (error) {
    connection.close();
    if (isSqliteBusy(error)) {
      throw new Error(
        `SQLite database ${file} is locked by another process (a second instance, or a tool holding it open)`,
        { cause: error },
      );
    }
    throw error;
  }
  const cachedConnection = withStatementCache(connection);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachedConnection }) });
  sqliteConnections.set(db, {
    readDirectly: createDirectReader(connection),
    file: file === ':memory:' ? undefined : file,
  });
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    backup: async (destinationFile) => {
      await connection.backup(destinationFile);
    },
  };
}

function isSqliteBusy(error: unknown): boolean {
  return error instanceof SqliteDatabase.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

/** Queues, per lock file, the migrations of this process: the file lock itself would block the one event loop. */
const migrationQueues = new Map<string, Promise<unknown>>();
/** Long enough for another process's migrations; start-up only. */
const MIGRATION_LOCK_TIMEOUT_MS = 60_000;

/**
 * Runs `work` (a migration run) while holding the SQLite file's migration lock, so two processes starting at once on
 * one file (the market's collector and API roles) do not both run the same migration: Kysely's migrator locks only
 * on PostgreSQL. The lock is an exclusive transaction on a small companion file, `<file>.migration-lock`, which
 * stays beside the database. Other dialects and in-memory databases run `work` as is.
 */
export async function withMigrationLock<T>(db: object, work: () => Promise<T>): Promise<T> {
  const file = sqliteConnections.get(db)?.file;
  if (file === undefined) return work();
  const lockFile = `${resolve(file)}.migration-lock`;
  const previous = migrationQueues.get(lockFile) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => holdingFileLock(lockFile, work));
  migrationQueues.set(lockFile, run);
  try {
    return await run;
  } finally {
    if (migrationQueues.get(lockFile) === run) migrationQueues.delete(lockFile);
  }
}

async function holdingFileLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const lock = new SqliteDatabase(lockFile);
  try {
    lock.pragma(`busy_timeout = ${MIGRATION_LOCK_TIMEOUT_MS}`);
    lock.exec('BEGIN EXCLUSIVE');
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}

/** Runs a read at once on the database's own connection, or answers undefined when it must go through Kysely. */
type DirectReader = (sqlText: string, parameters: readonly unknown[]) => unknown[] | undefined;

/** What a Kysely instance over SQLite needs beyond Kysely: its direct reader, and its file unless in memory. */
const sqliteConnections = new WeakMap<object, { readDirectly: DirectReader; file: string | undefined }>();

interface DirectStatement {
  statement: SqliteDatabase.Statement;
  columns: string[];
}

/**
 * Direct reads keep their statements apart from the general cache (no recency bookkeeping on the hot path) and
 * read rows as arrays, naming the columns in JS: better-sqlite3 builds each row object key by key through V8's
 * slow path, which costs more than the indexed read it returns.
 */
function createDirectReader(connection: SqliteDatabase.Database): DirectReader {
  const statements = new Map<string, DirectStatement | null>();
  const describe = (sqlText: string): DirectStatement | null => {
    const statement = connection.prepare(sqlText);
    if (!statement.reader) return null;
    const columns = statement.columns().map((column) => column.name);
    // A column named like the prototype accessor would not become a property; such a read keeps object rows.
    if (columns.includes('__proto__')) return null;
    return { statement: statement.raw(true), columns };
  };
  return (sqlText, parameters) => {
    // Inside an open transaction the read must queue behind it (Kysely's connection lock), not see its writes.
    if (connection.inTransaction) return undefined;
    let direct = statements.get(sqlText);
    if (direct === undefined) {
      direct = describe(sqlText);
      if (statements.size < STATEMENT_CACHE_SIZE) statements.set(sqlText, direct);
    }
    if (direct === null) return undefined;
    const { statement, columns } = direct;
    const values = statement.all(parameters) as unknown[][];
    const rows: Record<string, unknown>[] = new Array<Record<string, unknown>>(values.length);
    for (let index = 0; index < values.length; index += 1) {
      const value = values[index] as unknown[];
      const row: Record<string, unknown> = {};
      for (let column = 0; column < columns.length; column += 1)
        row[columns[column] as string] = value[column];
      rows[index] = row;
    }
    return rows;
  };
}

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
  return sqliteConnections.get(db)?.readDirectly(sqlText, parameters);
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
