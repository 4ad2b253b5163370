import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import { withMigrationLock } from './database.ts';

const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.ts$/;

/**
 * Loads every `NNNN-name.ts` file of a folder as a migration, ordered by name. A folder rather than a
 * hand-kept index lets each feature add its migration without touching a shared list.
 */
export class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter((file) => MIGRATION_FILE.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module: unknown = await import(pathToFileURL(join(this.folder, file)).href);
      if (!isMigration(module)) throw new Error(`migration ${file} must export up() (and down())`);
      migrations[file.replace(/\.ts$/, '')] = module;
    }
    return migrations;
  }
}

function isMigration(value: unknown): value is Migration {
  return typeof value === 'object' && value !== null && typeof (value as { up?: unknown }).up === 'function';
}

/** Attempts when another schema's tables vanished under Kysely's catalog read (see `migrateToLatest`). */
const MIGRATION_ATTEMPTS = 5;
const RETRY_PAUSE_MS = 50;
/** What PostgreSQL answers when an object it was reading is dropped by another session mid-query. */
const VANISHED_OBJECT = /(schema|relation|column) .*does not exist/;

class MigrationRunError extends Error {
  constructor(
    message: string,
    /** The migration that failed; undefined when Kysely failed before running any (its catalog read). */
    readonly migrationName: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Brings the schema to the newest version; any failure stops start-up with the migration's name. `source` is a
 * folder of `NNNN-name.ts` files or any Kysely migration provider.
 *
 * With `postgresSchema`, the migration bookkeeping lives in that schema. Kysely's PostgreSQL introspection reads the
 * tables and columns of every schema, so when another schema is dropped during that read (parallel test apps each
 * drop theirs), PostgreSQL answers "schema/relation/column … does not exist" about objects that are not ours. Such a
 * failure before any migration ran is retried; a failing migration never is.
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  source: string | MigrationProvider,
  options: { postgresSchema?: string | undefined } = {},
): Promise<string[]> {
  const provider = typeof source === 'string' ? new FolderMigrationProvider(source) : source;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withMigrationLock(db, () => migrateOnce(db, provider, options.postgresSchema));
    } catch (error) {
      const catalogRace =
        options.postgresSchema !== undefined &&
        error instanceof MigrationRunError &&
        error.migrationName === undefined &&
        VANISHED_OBJECT.test(error.message) &&
        !error.message.includes(`"${options.postgresSchema}"`);
      if (!catalogRace || attempt >= MIGRATION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
    }
  }
}

async function migrateOnce<DB>(
  db: Kysely<DB>,
  provider: MigrationProvider,
  postgresSchema: string | undefined,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    // Features land in parallel; a later-numbered file may reach a database before an earlier one.
    allowUnorderedMigrations: true,
    // Bookkeeping tables live in the app's own schema; otherwise Kysely may find another schema's and skip creating its own.
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new MigrationRunError(
      `migration ${failed?.migrationName ?? 'unknown'} failed: ${cause}`,
      failed?.migrationName,
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}
