import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ask_threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: a thread outlives a deleted profile (it then answers without chart facts).
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('scene', 'text')
    // Messages of a thread are numbered by bumping this counter, which also serialises sends to one thread.
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ask_threads_user_created_idx')
    .on('ask_threads')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('ask_threads_created_idx').on('ask_threads').column('created_at').execute();

  await db.schema
    .createTable('ask_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('thread_id', 'text', (c) => c.notNull().references('ask_threads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('meta_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ask_messages_thread_seq_unique', ['thread_id', 'seq'])
    .execute();

  await db.schema
    .createTable('ask_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('thread_id', 'text', (c) => c.notNull().references('ask_threads.id').onDelete('cascade'))
    .addColumn('message_id', 'text')
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('admin_id', 'text')
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ask_feedback_created_idx').on('ask_feedback').column('created_at').execute();
  await db.schema.createIndex('ask_feedback_thread_idx').on('ask_feedback').column('thread_id').execute();

  // One counter per catalog the ask pipeline compiles; every admin write bumps it in its own transaction, and each
  // message compares it with what the instance has compiled (one small read, shared by every instance).
  await db.schema
    .createTable('ask_catalog_versions')
    .addColumn('catalog', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const at = new Date(0).toISOString();
  await db
    .insertInto('ask_catalog_versions')
    .values(
      ['safety', 'knowledge', 'prompts', 'tools'].map((catalog) => ({ catalog, version: 1, updated_at: at })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ask_catalog_versions', 'ask_feedback', 'ask_messages', 'ask_threads']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
