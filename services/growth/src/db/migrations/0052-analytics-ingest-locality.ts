import { sql, type Kysely } from 'kysely';

/**
 * Ingestion cost on SQLite is dominated by how many distinct index pages one batch dirties (each is written to the
 * WAL at commit). The indexes of 0051 led with `name` and spread a batch over dozens of leaves; this version keys the
 * one covering index by (day, name, user) so a batch touches a few, and moves the per-day session and user counts
 * to a small table written once per session and day. (Event ids became time-ordered in the same change, so the
 * primary key appends too.)
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of [
    'analytics_events_page_stats_idx',
    'analytics_events_funnel_idx',
    'analytics_events_daily_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  // Pages, exits, clicks and funnel steps: per (day, name) one seek, then an index-only scan.
  await db.schema
    .createIndex('analytics_events_day_name_user_idx')
    .on('analytics_events')
    .columns([
      'day',
      'name',
      'user_id',
      'session_id',
      'page_path',
      'element',
      'dwell_ms',
      'is_exit',
      'received_at',
      'occurred_ms',
      'origin',
    ])
    .execute();

  // Linking reads a session's page events only: a partial index holds just those (a batch's other events no longer
  // dirty its pages), keyed so the session's last view is one seek. Queries repeat the predicate word for word, which
  // is how both SQLite and PostgreSQL recognise that the partial index applies.
  await db.schema.dropIndex('analytics_events_session_order_idx').ifExists().execute();
  await db.schema
    .createIndex('analytics_events_session_pages_idx')
    .on('analytics_events')
    .columns(['session_id', 'name', 'occurred_ms'])
    .where(sql<boolean>`name in ('page_view', 'page_leave')`)
    .execute();

  await db.schema
    .createTable('analytics_session_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_session_days_pk', ['day', 'session_id'])
    .execute();
  await db
    .insertInto('analytics_session_days')
    .columns(['day', 'session_id', 'user_id', 'origin'])
    .expression((eb) =>
      eb
        .selectFrom('analytics_events')
        .select([
          'day',
          'session_id',
          (inner) => inner.fn.max('user_id').as('user_id'),
          (inner) => inner.fn.max('origin').as('origin'),
        ])
        .groupBy(['day', 'session_id']),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_session_days').ifExists().execute();
  await db.schema.dropIndex('analytics_events_day_name_user_idx').ifExists().execute();
  await db.schema.dropIndex('analytics_events_session_pages_idx').ifExists().execute();
  await db.schema
    .createIndex('analytics_events_session_order_idx')
    .on('analytics_events')
    .columns(['session_id', 'occurred_ms', 'batch_seq'])
    .execute();
  await db.schema
    .createIndex('analytics_events_page_stats_idx')
    .on('analytics_events')
    .columns(['name', 'day', 'page_path', 'element', 'user_id', 'dwell_ms', 'is_exit'])
    .execute();
  await db.schema
    .createIndex('analytics_events_funnel_idx')
    .on('analytics_events')
    .columns(['name', 'day', 'user_id', 'received_at', 'origin', 'session_id', 'occurred_ms'])
    .execute();
  await db.schema
    .createIndex('analytics_events_daily_idx')
    .on('analytics_events')
    .columns(['day', 'user_id', 'origin', 'session_id'])
    .execute();
}
