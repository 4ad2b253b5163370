// Child process of `migrations.test.ts`: migrates the SQLite file named on the command line with a migration slow
// enough that two processes started together overlap, then prints what it ran as JSON.
import type { Migration, MigrationProvider } from 'kysely';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrations.ts';

const SLOW_MIGRATION_MS = 400;

const slowNotes: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .execute();
    await new Promise((resolve) => setTimeout(resolve, SLOW_MIGRATION_MS));
  },
};
const provider: MigrationProvider = { getMigrations: async () => ({ '0001-notes': slowNotes }) };

const file = process.argv[2];
if (!file) throw new Error('usage: migration-race.fixture.ts <sqlite file>');
const handle = await openDatabase<unknown>({ sqliteFile: file });
try {
  process.stdout.write(`${JSON.stringify(await migrateToLatest(handle.db, provider))}\n`);
} finally {
  await handle.close();
}
