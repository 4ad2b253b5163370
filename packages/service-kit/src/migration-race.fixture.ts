// Child process of `migrations.test.ts`: migrates the SQLite file named on the command line with a migration slow
// enough that two processes started together overlap, then prints what it ran as JSON.
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrations.ts';
import { slowNotesProvider } from './notes-migration.fixture.ts';

const SLOW_MIGRATION_MS = 400;

const file = process.argv[2];
if (!file) throw new Error('usage: migration-race.fixture.ts <sqlite file>');
const handle = await openDatabase<unknown>({ sqliteFile: file });
try {
  process.stdout.write(
    `${JSON.stringify(await migrateToLatest(handle.db, slowNotesProvider(SLOW_MIGRATION_MS)))}\n`,
  );
} finally {
  await handle.close();
}
