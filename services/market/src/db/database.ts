import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DatabaseHandle,
  FolderMigrationProvider,
  migrateToLatest,
  openDatabase,
} from '@app/service-kit';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { MarketDatabase } from './tables.ts';

const SOURCE_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CORE_MIGRATIONS = join(SOURCE_ROOT, 'db', 'migrations');

export interface OpenMarketDatabaseOptions {
  url: string | undefined;
  sqliteFile: string;
  postgresSchema?: string | undefined;
}

export async function openMarketDatabase(
  options: OpenMarketDatabaseOptions,
): Promise<DatabaseHandle<MarketDatabase>> {
  return openDatabase<MarketDatabase>({
    url: options.url,
    sqliteFile: options.sqliteFile,
    postgresSchema: options.postgresSchema,
  });
}

/**
 * Every migration folder of the service: `src/db/migrations` plus any `src/<feature>/migrations`, so a feature
 * (sentiment, ...) ships its tables without editing a shared list. File names must be unique across folders.
 */
export function listMigrationFolders(): string[] {
  const featureFolders = readdirSync(SOURCE_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'db')
    .map((entry) => join(SOURCE_ROOT, entry.name, 'migrations'))
    .filter((folder) => existsSync(folder));
  return [CORE_MIGRATIONS, ...featureFolders.sort()];
}

class CombinedMigrationProvider implements MigrationProvider {
  constructor(private readonly folders: readonly string[]) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const combined: Record<string, Migration> = {};
    for (const folder of this.folders) {
      const migrations = await new FolderMigrationProvider(folder).getMigrations();
      for (const [name, migration] of Object.entries(migrations)) {
        if (name in combined) throw new Error(`migration ${name} exists in two folders`);
        combined[name] = migration;
      }
    }
    return combined;
  }
}

/**
 * The market service has several migration folders, and Kysely's migrator refuses a second folder's run because the
 * first one's names look "missing"; so all folders go through one provider and service-kit's runner (bookkeeping in
 * the app's own PostgreSQL schema, retry of catalog races with parallel test schemas).
 */
export async function migrateMarketDatabase(
  db: Kysely<MarketDatabase>,
  postgresSchema?: string,
): Promise<string[]> {
  return migrateToLatest(db, new CombinedMigrationProvider(listMigrationFolders()), { postgresSchema });
}
