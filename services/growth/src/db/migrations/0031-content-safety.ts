import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('safety_filter_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('severity', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('safety_filter_rules_created_idx')
    .on('safety_filter_rules')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('safety_block_policies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('min_severity', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('safe_reply', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('moderation_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    // `input` (the user's message) or `output` (a generated reply that was masked or replaced).
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('policy_id', 'text')
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('matches_json', 'text', (c) => c.notNull())
    .addColumn('crisis_json', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('review_note', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_cases_status_created_idx')
    .on('moderation_cases')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('moderation_cases_created_idx')
    .on('moderation_cases')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['moderation_cases', 'safety_block_policies', 'safety_filter_rules']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
