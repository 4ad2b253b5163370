import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { FunnelWithin } from './analytics.tables.ts';
import { isServerEventName } from './server-events.ts';

/**
 * Aggregate reads. Event aggregates are one GROUP BY over the covering index (day, name, user, …): `day IN (…)` with
 * `name = ?` makes one seek per day on both SQLite and PostgreSQL (a `BETWEEN` on the leading column would scan every
 * name of the range), then an index-only scan. The work grows with the matching events; the rows returned are bounded:
 * one per day, or the top `limit` pages.
 */

export interface DayCount {
  day: string;
  n: number;
}

export interface PageStatsRow {
  page_path: string | null;
  pv: number;
  exits: number;
  avg_dwell_ms: number | null;
  /** Distinct users, when asked for in the same pass (`withVisitors`). */
  uv: number | null;
}

export interface ClickRow {
  page_path: string | null;
  element: string | null;
  clicks: number;
}

export interface DayBounds {
  /** Every day of the range, listed so the index is entered once per day. */
  days: readonly string[];
}

/** Distinct users with any event (client or server) per day, from the session-day table. */
export async function countDailyUsers(db: DbExecutor, range: DayBounds): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('analytics_session_days')
    .select(['day', (eb) => eb.fn.count<number>('user_id').distinct().as('n')])
    .where('day', 'in', range.days)
    .groupBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
}

/** Client sessions per day; a session that crosses midnight counts on both days. */
export async function countDailySessions(db: DbExecutor, range: DayBounds): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('analytics_session_days')
    .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
    .where('day', 'in', range.days)
    .where('origin', '=', 'client')
    .groupBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
}

/**
 * Page views per page with exits and average dwell, the top `limit` by the chosen order. `withVisitors` counts
 * distinct users in the same pass: cheaper on SQLite, which sorts to group either way; PostgreSQL sorts for
 * COUNT(DISTINCT) but hashes a DISTINCT subquery, so there `countPageVisitors` does it for the top pages only.
 */
export async function readPageStats(
  db: DbExecutor,
  range: DayBounds,
  options: { limit: number; rankBy: 'pv' | 'exits'; withVisitors: boolean },
): Promise<PageStatsRow[]> {
  const pv = sql<number>`count(*)`;
  const exits = sql<number>`sum(is_exit)`;
  const visitors = options.withVisitors
    ? sql<number | null>`count(distinct user_id)`
    : sql<number | null>`null`;
  let query = db
    .selectFrom('analytics_events')
    .select([
      'page_path',
      pv.as('pv'),
      exits.as('exits'),
      sql<number | null>`avg(dwell_ms)`.as('avg_dwell_ms'),
      visitors.as('uv'),
    ])
    .where('day', 'in', range.days)
    .where('name', '=', 'page_view')
    .groupBy('page_path');
  if (options.rankBy === 'exits') {
    query = query
      .having(exits, '>', 0)
      .orderBy(exits, 'desc')
      .orderBy(sql`${exits} * 1.0 / ${pv}`, 'desc');
  } else {
    query = query.orderBy(pv, 'desc');
  }
  // Both dialects order NULL differently; ranking the missing path as '' keeps ties identical on both.
  const rows = await query
    .orderBy(sql`coalesce(page_path, '')`)
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    page_path: row.page_path,
    pv: Number(row.pv),
    exits: Number(row.exits ?? 0),
    avg_dwell_ms: row.avg_dwell_ms === null ? null : Number(row.avg_dwell_ms),
    uv: row.uv === null ? null : Number(row.uv),
  }));
}

/** Distinct users who viewed each of the given pages (the top pages of `readPageStats`). */
export async function countPageVisitors(
  db: DbExecutor,
  range: DayBounds,
  pagePaths: readonly (string | null)[],
): Promise<Map<string | null, number>> {
  const named = pagePaths.filter((path): path is string => path !== null);
  const includeMissing = named.length < pagePaths.length;
  if (pagePaths.length === 0) return new Map();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('analytics_events')
        .select(['page_path', 'user_id'])
        .distinct()
        .where('day', 'in', range.days)
        .where('name', '=', 'page_view')
        .where((inner) => {
          const alternatives = [];
          if (named.length > 0) alternatives.push(inner('page_path', 'in', named));
          if (includeMissing) alternatives.push(inner('page_path', 'is', null));
          return inner.or(alternatives);
        })
        .as('visitors'),
    )
    .select(['page_path', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('page_path')
    .execute();
  return new Map(rows.map((row) => [row.page_path, Number(row.n)]));
}

export async function readClickRanking(db: DbExecutor, range: DayBounds, limit: number): Promise<ClickRow[]> {
  const clicks = sql<number>`count(*)`;
  const rows = await db
    .selectFrom('analytics_events')
    .select(['page_path', 'element', clicks.as('clicks')])
    .where('day', 'in', range.days)
    .where('name', '=', 'click')
    .groupBy(['page_path', 'element'])
    .orderBy(clicks, 'desc')
    .orderBy(sql`coalesce(page_path, '')`)
    .orderBy(sql`coalesce(element, '')`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ page_path: row.page_path, element: row.element, clicks: Number(row.clicks) }));
}

/**
 * How many groups reached each step in order. A group is one user's Shanghai day (`within: 'day'`, ordered by the
 * server receive time, the one clock client and server events share) or one client session on one day
 * (`within: 'session'`, ordered by the session's own clock; a session across midnight is two groups, as in the
 * overview). Step k counts groups with a step-k event no earlier than their first qualifying step-(k-1) event: each
 * step keeps the earliest qualifying time per group, so the chain is exact.
 *
 * Step 0 is one grouped scan. Later steps either look each surviving group up in the covering index
 * (`perGroupLookups`: work grows with the groups, and SQLite runs such subqueries in-process cheaply) or join the
 * step's events to the previous step and group (set-based, which PostgreSQL's executor does better than per-row
 * subplans). Both give the same counts; the service picks by dialect.
 */
export async function countFunnelSteps(
  db: DbExecutor,
  range: DayBounds,
  funnel: { steps: readonly string[]; within: FunnelWithin },
  options: { perGroupLookups: boolean },
): Promise<number[]> {
  const byDay = funnel.within === 'day';
  // Group keys follow the covering index (day, name, user_id, session_id, …), so grouping streams in index order.
  const keys = byDay ? ['day', 'user_id'] : ['day', 'user_id', 'session_id'];
  const columnsOf = (alias: string) => sql.raw(keys.map((key) => `${alias}.${key}`).join(', '));
  const sameGroup = sql.raw(keys.map((key) => `p.${key} = e.${key}`).join(' and '));
  const time = sql.raw(byDay ? 'e.received_at' : 'e.occurred_ms');
  const days = sql.join(range.days.map((day) => sql`${day}`));
  const stepFilter = (step: string) => {
    // Names the service emits count only from the service, so a client cannot fake `order_paid`; session funnels
    // hold client steps only (definitions are checked), as server events carry no client session.
    const origin = isServerEventName(step)
      ? sql`and e.origin = 'server'`
      : byDay
        ? sql``
        : sql`and e.origin = 'client'`;
    return sql`e.name = ${step} and e.user_id is not null ${origin}`;
  };
  const stepName = (index: number) => sql.raw(`step_${index}`);
  const ctes: RawBuilder<unknown>[] = funnel.steps.map((step, index) => {
    if (index === 0) {
      return sql`${stepName(0)} as materialized (select ${columnsOf('e')}, min(${time}) as t from analytics_events e where e.day in (${days}) and ${stepFilter(step)} group by ${columnsOf('e')})`;
    }
    const previous = stepName(index - 1);
    if (options.perGroupLookups) {
      return sql`${stepName(index)} as materialized (select ${columnsOf('p')}, (select min(${time}) from analytics_events e where ${sameGroup} and ${stepFilter(step)} and ${time} >= p.t) as t from ${previous} p where p.t is not null)`;
    }
    return sql`${stepName(index)} as materialized (select ${columnsOf('e')}, min(${time}) as t from analytics_events e join ${previous} p on ${sameGroup} where e.day in (${days}) and ${stepFilter(step)} and ${time} >= p.t group by ${columnsOf('e')})`;
  });
  const counts = funnel.steps.map(
    (_step, index) => sql`(select count(t) from ${stepName(index)}) as ${sql.raw(`c${index}`)}`,
  );
  const result = await sql<
    Record<string, number | string>
  >`with ${sql.join(ctes)} select ${sql.join(counts)}`.execute(db);
  const row = result.rows[0] ?? {};
  return funnel.steps.map((_step, index) => Number(row[`c${index}`] ?? 0));
}
