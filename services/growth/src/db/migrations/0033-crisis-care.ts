import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  // What the crisis team wrote when it moved an event, and who moved it last.
  await db.schema.alterTable('crisis_events').addColumn('note', 'text').execute();
  await db.schema.alterTable('crisis_events').addColumn('handled_by', 'text').execute();
  await db.schema
    .createIndex('crisis_events_status_created_idx')
    .on('crisis_events')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('crisis_policies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('cues_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The detector's context vocabulary: one row (`default`), edited as a whole.
  await db.schema
    .createTable('crisis_marker_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('markers_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('handoff_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('crisis_event_id', 'text')
    // `crisis` (opened by the service) or `user_request` (the user asked for a person).
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('handled_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('handoff_cases_status_created_idx')
    .on('handoff_cases')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('handoff_cases_thread_idx')
    .on('handoff_cases')
    .columns(['thread_id', 'status'])
    .execute();

  await db.schema
    .createTable('crisis_interventions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('crisis_event_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('actions_json', 'text', (c) => c.notNull())
    .addColumn('hotlines_json', 'text', (c) => c.notNull())
    .addColumn('handoff_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('crisis_interventions_created_idx')
    .on('crisis_interventions')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['crisis_interventions', 'handoff_cases', 'crisis_marker_sets', 'crisis_policies']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('crisis_events_status_created_idx').ifExists().execute();
  await db.schema.alterTable('crisis_events').dropColumn('handled_by').execute();
  await db.schema.alterTable('crisis_events').dropColumn('note').execute();
}
