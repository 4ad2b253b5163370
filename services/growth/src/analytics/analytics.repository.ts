import { CompiledQuery, sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { AnalyticsSessionDaysTable } from './analytics.tables.ts';
import type { EventRow } from './event-batch.ts';

export type SqlDialect = 'sqlite' | 'postgres';

/** Word for word the predicate of the partial index `analytics_events_session_pages_idx`, so the planner uses it. */
const IS_PAGE_EVENT = sql<boolean>`name in ('page_view', 'page_leave')`;

/** A stored page event of a session that a new batch touches. */
export interface StoredPageEvent {
  id: string;
  session_id: string;
  name: 'page_view' | 'page_leave';
  page_path: string | null;
  occurred_ms: number;
  received_at: string;
  batch_seq: number;
  dwell_ms: number | null;
  is_exit: number | null;
}

export interface PageVisitChange {
  id: string;
  dwellMs: number | null;
  isExit: boolean;
}

const EVENT_COLUMNS = [
  'id',
  'user_id',
  'device_key',
  'session_id',
  'name',
  'page_path',
  'props_json',
  'client_ts_json',
  'received_at',
  'day',
  'origin',
  'occurred_ms',
  'batch_seq',
  'dwell_ms',
  'is_exit',
  'element',
] as const satisfies readonly (keyof EventRow)[];
// Every column of the row type is written: adding a column without listing it here fails to compile.
const allColumnsListed: Exclude<keyof EventRow, (typeof EVENT_COLUMNS)[number]> extends never ? true : never =
  true;
void allColumnsListed;

const insertStatements = new Map<string, string>();

/**
 * The SQL of a multi-row insert of `rowCount` events, built once per size and dialect. Ingestion is the hot path:
 * building the statement through the query builder cost as much CPU as SQLite's own insert work.
 */
function insertStatementFor(dialect: SqlDialect, rowCount: number): string {
  const key = `${dialect}:${rowCount}`;
  let statement = insertStatements.get(key);
  if (statement === undefined) {
    let parameter = 0;
    const placeholder = () => (dialect === 'postgres' ? `$${++parameter}` : '?');
    const tuples = Array.from({ length: rowCount }, () => `(${EVENT_COLUMNS.map(placeholder).join(', ')})`);
    statement = `insert into analytics_events (${EVENT_COLUMNS.join(', ')}) values ${tuples.join(', ')}`;
    insertStatements.set(key, statement);
  }
  return statement;
}

/** One multi-row insert for the whole batch. */
export async function insertEvents(
  db: DbExecutor,
  dialect: SqlDialect,
  rows: readonly EventRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of EVENT_COLUMNS) parameters.push(row[column]);
  await db.executeQuery(CompiledQuery.raw(insertStatementFor(dialect, rows.length), parameters));
}

/** Notes each (day, session) the events belong to; repeats are ignored, so this is one small write per batch. */
export async function recordSessionDays(
  db: DbExecutor,
  sessionDays: readonly AnalyticsSessionDaysTable[],
): Promise<void> {
  if (sessionDays.length === 0) return;
  await db
    .insertInto('analytics_session_days')
    .values(sessionDays)
    .onConflict((conflict) => conflict.columns(['day', 'session_id']).doNothing())
    .execute();
}

/**
 * The stored page events whose links a batch can change, for all of its sessions in two indexed reads: each session's
 * last view at or before the batch's earliest page event, and every page event from there on. Returned in session
 * order (time, then arrival); may include a few older events of other sessions of the batch, which relink unchanged.
 */
export async function findSessionNeighbourhoods(
  db: DbExecutor,
  sessionIds: readonly string[],
  fromMs: number,
): Promise<StoredPageEvent[]> {
  if (sessionIds.length === 0) return [];
  const lastViews = await db
    .selectFrom('analytics_events')
    .select(['session_id', (eb) => eb.fn.max('occurred_ms').as('last_view_ms')])
    .where('session_id', 'in', sessionIds)
    .where(IS_PAGE_EVENT)
    .where('name', '=', 'page_view')
    .where('occurred_ms', '<=', fromMs)
    .groupBy('session_id')
    .execute();
  const windowFromMs = Math.min(fromMs, ...lastViews.map((row) => Number(row.last_view_ms)));
  const rows = await db
    .selectFrom('analytics_events')
    .select([
      'id',
      'session_id',
      'name',
      'page_path',
      'occurred_ms',
      'received_at',
      'batch_seq',
      'dwell_ms',
      'is_exit',
    ])
    .where('session_id', 'in', sessionIds)
    .where(IS_PAGE_EVENT)
    .where('occurred_ms', '>=', windowFromMs)
    .execute();
  return rows
    .map((row) => ({
      ...row,
      name: row.name === 'page_leave' ? ('page_leave' as const) : ('page_view' as const),
      occurred_ms: Number(row.occurred_ms),
    }))
    .sort(
      (a, b) =>
        a.occurred_ms - b.occurred_ms ||
        a.received_at.localeCompare(b.received_at) ||
        a.batch_seq - b.batch_seq,
    );
}

/** Writes changed links; usually one row (the session's previous last view), so one statement either way. */
export async function updatePageVisits(db: DbExecutor, changes: readonly PageVisitChange[]): Promise<void> {
  if (changes.length === 0) return;
  const ids = changes.map((change) => change.id);
  const dwell = sql.join(
    changes.map((change) => sql`when ${change.id} then cast(${change.dwellMs} as integer)`),
    sql` `,
  );
  const exit = sql.join(
    changes.map((change) => sql`when ${change.id} then cast(${change.isExit ? 1 : 0} as integer)`),
    sql` `,
  );
  await sql`update analytics_events set dwell_ms = case id ${dwell} end, is_exit = case id ${exit} end where id in (${sql.join(ids)})`.execute(
    db,
  );
}

/**
 * PostgreSQL runs batches of one session side by side; a transaction-scoped advisory lock per session makes their
 * linking see each other's rows. Callers pass session ids sorted, so two batches never wait on each other in a cycle.
 * (SQLite runs one writer at a time already.)
 */
export async function lockSessionsForLinking(db: DbExecutor, sessionIds: readonly string[]): Promise<void> {
  for (const sessionId of sessionIds) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${sessionId}, 0))`.execute(db);
  }
}
