import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, dropPostgresSchema } from '@app/service-kit';
import { migrateMarketDatabase, openMarketDatabase } from '../src/db/database.ts';
import type { MarketDatabase } from '../src/db/tables.ts';

/** Set by CI to run the same tests on PostgreSQL; unset means SQLite. */
export const TEST_POSTGRES_URL = process.env['MARKET_DATABASE_URL'];

export interface TestDatabase {
  handle: DatabaseHandle<MarketDatabase>;
  /** PostgreSQL schema of this database, when on PostgreSQL. */
  schema: string | undefined;
  /** Closes the handle and, on PostgreSQL, drops the test's schema. */
  dispose(): Promise<void>;
}

/** A schema name of the test's own, or undefined on SQLite. */
export function createTestSchemaName(prefix: string): string | undefined {
  return TEST_POSTGRES_URL ? `${prefix}_${randomBytes(4).toString('hex')}` : undefined;
}

/**
 * A fresh, migrated database of the test's own: SQLite (in memory unless a file is given), or a PostgreSQL schema
 * dropped afterwards.
 */
export async function openTestDatabase(prefix: string, sqliteFile = ':memory:'): Promise<TestDatabase> {
  const schema = createTestSchemaName(prefix);
  const handle = await openMarketDatabase({ url: TEST_POSTGRES_URL, sqliteFile, postgresSchema: schema });
  const dispose = async () => {
    await handle.close();
    if (TEST_POSTGRES_URL && schema) await dropPostgresSchema(TEST_POSTGRES_URL, schema);
  };
  try {
    await migrateMarketDatabase(handle.db, schema);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { handle, schema, dispose };
}

/** A logger that drops everything; the collector's logs are not under test. */
export const silentLogger = { info: () => undefined, warn: () => undefined };
