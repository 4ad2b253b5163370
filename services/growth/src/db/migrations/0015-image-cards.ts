import type { Kysely } from 'kysely';
import { seedImageCardDecks } from '../../image-cards/decks/seed-decks.ts';

// Migrations take Kysely<any>: they describe the schema as it was at their version, not as the code types it now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('image_card_decks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('scenes_json', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('image_card_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('deck_id', 'text', (c) => c.notNull().references('image_card_decks.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image_prompt', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('questions_json', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('image_card_cards_deck_key_unique', ['deck_id', 'key'])
    .execute();

  await db.schema
    .createTable('image_card_draws')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    // The draw is the report's record of which cards came up: it goes when the report goes.
    .addColumn('report_id', 'text', (c) => c.notNull().unique().references('reports.id').onDelete('cascade'))
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    // Decks are disabled, never deleted, while draws point at them.
    .addColumn('deck_id', 'text', (c) => c.notNull().references('image_card_decks.id'))
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('card_keys_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('image_card_draws_user_created_idx')
    .on('image_card_draws')
    .columns(['user_id', 'created_at'])
    .execute();

  await seedImageCardDecks(db, new Date().toISOString());
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['image_card_draws', 'image_card_cards', 'image_card_decks']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
