import type { Kysely } from 'kysely';

// Scale metadata and questions are seeded from the instrument definitions at start (scales.seed.ts), not here:
// instruments are code, and a start-time sync lets a new instrument ship without a migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scale_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scale_id', 'text', (c) => c.notNull().references('scales.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('options_json', 'text', (c) => c.notNull())
    .addUniqueConstraint('scale_questions_scale_key_unique', ['scale_id', 'key'])
    .execute();

  await db.schema
    .createTable('scale_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('scale_id', 'text', (c) => c.notNull().references('scales.id'))
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scale_results_user_idx')
    .on('scale_results')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('scale_results_profile_idx').on('scale_results').column('profile_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['scale_results', 'scale_questions', 'scales']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
