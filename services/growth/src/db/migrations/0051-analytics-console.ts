import { PostgresAdapter, sql, type Kysely } from 'kysely';

const DEFAULT_FUNNEL_STEPS = ['app_open', 'profile_created', 'report_created', 'order_created', 'order_paid'];

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns: [string, 'bigint' | 'integer' | 'text', boolean][] = [
    ['occurred_ms', 'bigint', true],
    ['batch_seq', 'integer', true],
    ['dwell_ms', 'integer', false],
    ['is_exit', 'integer', false],
    ['element', 'text', false],
  ];
  for (const [name, type, required] of columns) {
    await db.schema
      .alterTable('analytics_events')
      .addColumn(name, type, (c) => (required ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  // Before this version only server events existed (there was no ingestion endpoint), so no page_view, page_leave
  // or click rows need linking: the session order of a server event is its receive time.
  const receivedMs = postgres
    ? sql`(extract(epoch from received_at::timestamptz) * 1000)::bigint`
    : sql`cast(round((julianday(received_at) - 2440587.5) * 86400000) as integer)`;
  await db.updateTable('analytics_events').set({ occurred_ms: receivedMs }).execute();

  // The foundation's two indexes are superseded by the covering ones below.
  await db.schema.dropIndex('analytics_events_day_name_idx').ifExists().execute();
  await db.schema.dropIndex('analytics_events_session_idx').ifExists().execute();
  // Pages, exits and clicks: one index-only range scan per aggregate.
  await db.schema
    .createIndex('analytics_events_page_stats_idx')
    .on('analytics_events')
    .columns(['name', 'day', 'page_path', 'element', 'user_id', 'dwell_ms', 'is_exit'])
    .execute();
  // Funnel steps: per step a range scan on (name, day), grouped by user and day or by session.
  await db.schema
    .createIndex('analytics_events_funnel_idx')
    .on('analytics_events')
    .columns(['name', 'day', 'user_id', 'received_at', 'origin', 'session_id', 'occurred_ms'])
    .execute();
  // Overview: distinct users and client sessions per day.
  await db.schema
    .createIndex('analytics_events_daily_idx')
    .on('analytics_events')
    .columns(['day', 'user_id', 'origin', 'session_id'])
    .execute();
  // Ingestion links each new page event to its session neighbours by a seek on this index.
  await db.schema
    .createIndex('analytics_events_session_order_idx')
    .on('analytics_events')
    .columns(['session_id', 'occurred_ms', 'batch_seq'])
    .execute();

  await db.schema
    .createTable('analytics_funnels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('steps_json', 'text', (c) => c.notNull())
    .addColumn('within', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('analytics_funnels')
    .values({
      // A fixed id, so every installation names the seeded funnel alike.
      id: '5f0c6a4e-2b1d-4c55-9a57-6f1e0d9c0a01',
      key: 'core',
      name: '核心转化漏斗',
      steps_json: JSON.stringify(DEFAULT_FUNNEL_STEPS),
      within: 'day',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_funnels').ifExists().execute();
  for (const index of [
    'analytics_events_page_stats_idx',
    'analytics_events_funnel_idx',
    'analytics_events_daily_idx',
    'analytics_events_session_order_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ['occurred_ms', 'batch_seq', 'dwell_ms', 'is_exit', 'element']) {
    await db.schema.alterTable('analytics_events').dropColumn(column).execute();
  }
  await db.schema
    .createIndex('analytics_events_day_name_idx')
    .on('analytics_events')
    .columns(['day', 'name'])
    .execute();
  await db.schema
    .createIndex('analytics_events_session_idx')
    .on('analytics_events')
    .columns(['session_id', 'received_at'])
    .execute();
}
