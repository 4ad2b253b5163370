import type { Kysely } from 'kysely';
import { seedExploreCatalog } from '../../explore/explore.seed.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('explore_nodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'text', (c) => c.references('explore_nodes.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('target', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('explore_nodes_parent_idx').on('explore_nodes').column('parent_id').execute();

  // Seeded once per database; the migration bookkeeping is what makes "once" hold, the stable ids make a rerun
  // harmless. Seed time is the migration's own time: no business rule reads it.
  await seedExploreCatalog(db, new Date().toISOString());
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('explore_nodes').ifExists().execute();
}
