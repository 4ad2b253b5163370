import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was at their version, not as the code types it now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A report is a snapshot of its profiles' birth data; deleting a profile deletes the reports built from it.
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('profile_b_id', 'text', (c) => c.references('profiles.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('summary_json', 'text', (c) => c.notNull())
    .addColumn('detail_json', 'text')
    .addColumn('as_of', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reports_user_created_idx')
    .on('reports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('reports_profile_idx').on('reports').column('profile_id').execute();
  await db.schema.createIndex('reports_profile_b_idx').on('reports').column('profile_b_id').execute();

  await db.schema
    .createTable('report_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('report_templates_kind_key_unique', ['kind', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_templates').ifExists().execute();
  await db.schema.dropTable('reports').ifExists().execute();
}
