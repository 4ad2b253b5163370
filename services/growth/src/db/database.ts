import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely, Transaction } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle, type SqliteLockingMode } from '@app/service-kit';
import { DEFAULT_SQLITE_LOCKING } from '../config.ts';
import type { Database } from './tables.ts';

export type GrowthDb = Kysely<Database>;
export type GrowthTransaction = Transaction<Database>;
/** Either the database or an open transaction: repositories accept both so callers decide the boundary. */
export type DbExecutor = Kysely<Database> | Transaction<Database>;
export type GrowthDatabase = DatabaseHandle<Database>;

const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenGrowthDatabaseOptions {
  url: string | undefined;
  sqliteFile: string;
  /** The service's configured mode; benchmarks and tools get the service's default. */
  sqliteLocking?: SqliteLockingMode | undefined;
  postgresSchema?: string | undefined;
}

/** Opens SQLite (default) or PostgreSQL and brings the schema to the newest migration. */
export async function openGrowthDatabase(options: OpenGrowthDatabaseOptions): Promise<GrowthDatabase> {
  const handle = await openDatabase<Database>({
    ...options,
    sqliteLocking: options.sqliteLocking ?? DEFAULT_SQLITE_LOCKING,
  });
  try {
    await migrateToLatest(handle.db, MIGRATIONS_FOLDER, {
      postgresSchema: handle.dialect === 'postgres' ? options.postgresSchema : undefined,
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
