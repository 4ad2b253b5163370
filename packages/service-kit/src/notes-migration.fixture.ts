// Migrations shared by `migrations.test.ts` and the child processes it starts (`migration-race.fixture.ts`).
import type { Migration, MigrationProvider } from 'kysely';

export const createNotes: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .execute();
  },
};

/** `0001-notes`, taking `delayMs` more after creating its table, so starters that run it together overlap. */
export function slowNotesProvider(delayMs: number): MigrationProvider {
  return {
    getMigrations: async () => ({
      '0001-notes': {
        up: async (db) => {
          await createNotes.up(db);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
        },
      },
    }),
  };
}
