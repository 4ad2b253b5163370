/**
 * Analytics aggregates over 1,000,000 events: each admin aggregate endpoint through Fastify `inject`, over the whole
 * 30-day range the events cover. Target: every aggregate < 1 s.
 *
 *   npx tsx services/growth/bench/analytics-aggregates.bench.ts
 *   GROWTH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx services/growth/bench/analytics-aggregates.bench.ts
 *
 * The events are bulk-inserted the way ingestion stores them: rows from `buildEventRows`, each session's page views
 * linked by `linkPageVisits`, server funnel events as `emitServerEvent` writes them, one session-day row per session.
 * SQLite always runs (a file database in WAL mode); PostgreSQL runs when GROWTH_DATABASE_URL is set, in a schema of
 * its own that is dropped afterwards. `EVENTS` overrides the event count.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describeMachine } from '@app/bench-kit';
import { dropPostgresSchema } from '@app/service-kit';
import { insertEvents, recordSessionDays } from '../src/analytics/analytics.repository.ts';
import type { AnalyticsSessionDaysTable } from '../src/analytics/analytics.tables.ts';
import { buildEventRows, type EventRow } from '../src/analytics/event-batch.ts';
import { newEventId } from '../src/analytics/event-ids.ts';
import { linkPageVisits } from '../src/analytics/page-visits.engine.ts';
import { SERVER_EVENT_NAMES } from '../src/analytics/server-events.ts';
import { buildGrowthApp, type GrowthApp } from '../src/app.ts';
import { addDays } from '../src/calendar/calendar-day.ts';
import { readGrowthConfig } from '../src/config.ts';
import { openGrowthDatabase, type GrowthDb } from '../src/db/database.ts';
import { createRandom, generateSession } from './analytics-bench-data.ts';

const TARGET_MS = 1000;
const EVENT_COUNT = Number(process.env.EVENTS ?? 1_000_000);
const USERS = 20_000;
const DAYS = 30;
const FIRST_DAY = '2026-05-01';
/** 08:00 in Shanghai on the first day. */
const FIRST_DAY_START_MS = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const ROWS_PER_INSERT = 1000;
const ROWS_PER_TRANSACTION = 50_000;
const RUNS = 3;
/** Chance that a session's user goes one funnel step further, per step. */
const FUNNEL_STEP_CHANCE = 0.45;
const ADMIN_PASSWORD = 'bench-admin-password';

interface Timing {
  database: string;
  aggregate: string;
  firstMs: number;
  medianMs: number;
  /**
   * This process's CPU time for the median run. With SQLite the query runs in-process, so this is the time one
   * uncontended core needs; with PostgreSQL the query runs in the server and this is only the client's share.
   */
  medianCpuMs: number;
  rows: number;
}

/** Generates sessions and writes them as ingestion would, in large transactions. */
async function loadEvents(db: GrowthDb, dialect: 'sqlite' | 'postgres'): Promise<number> {
  const random = createRandom(7);
  const userIds = Array.from({ length: USERS }, () => randomUUID());
  let pending: EventRow[] = [];
  let pendingDays: AnalyticsSessionDaysTable[] = [];
  let written = 0;
  const flush = async () => {
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < pending.length; start += ROWS_PER_INSERT) {
        await insertEvents(trx, dialect, pending.slice(start, start + ROWS_PER_INSERT));
      }
      await recordSessionDays(trx, pendingDays);
    });
    written += pending.length;
    pending = [];
    pendingDays = [];
  };
  while (written + pending.length < EVENT_COUNT) {
    const session = generateSession(random, {
      users: USERS,
      days: DAYS,
      firstDayStartMs: FIRST_DAY_START_MS,
    });
    const userId = userIds[session.userIndex]!;
    const firstMs = session.events[0]!.client_ts;
    const rows = buildEventRows(session.events, {
      userId,
      deviceKey: `bench-device-${session.userIndex}`,
      receivedAt: new Date(firstMs),
      newId: newEventId,
    });
    const pageRows = rows.filter((row) => row.name === 'page_view' || row.name === 'page_leave');
    const visits = linkPageVisits(
      pageRows.map((row) => ({
        name: row.name === 'page_leave' ? 'page_leave' : 'page_view',
        pagePath: row.page_path,
        occurredMs: row.occurred_ms,
        dwellMs: row.dwell_ms,
      })),
    );
    pageRows.forEach((row, index) => {
      const visit = visits[index];
      if (!visit) return;
      row.dwell_ms = visit.dwellMs;
      row.is_exit = visit.isExit ? 1 : 0;
    });
    pending.push(...rows);
    pendingDays.push({
      day: rows[0]!.day,
      session_id: rows[0]!.session_id,
      user_id: userId,
      origin: 'client',
    });
    // Server funnel steps after the session opened, each less likely than the one before.
    let at = firstMs + 60_000;
    for (const name of SERVER_EVENT_NAMES) {
      if (random() > FUNNEL_STEP_CHANCE) break;
      at += 30_000;
      pending.push(serverEvent(name, userId, at));
      pendingDays.push({
        day: rows[0]!.day,
        session_id: `server:${userId}`,
        user_id: userId,
        origin: 'server',
      });
    }
    if (pending.length >= ROWS_PER_TRANSACTION) await flush();
  }
  await flush();
  return written;
}

function serverEvent(name: string, userId: string, atMs: number): EventRow {
  const at = new Date(atMs);
  const [row] = buildEventRows([{ name, session_id: 'bench', client_ts: null }], {
    userId,
    deviceKey: '',
    receivedAt: at,
    newId: newEventId,
  });
  return {
    ...row!,
    device_key: null,
    session_id: `server:${userId}`,
    origin: 'server',
    client_ts_json: null,
  };
}

async function adminToken(app: GrowthApp): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  return response.json<{ data: { token: string } }>().data.token;
}

async function timeAggregates(label: string, app: GrowthApp): Promise<Timing[]> {
  const token = await adminToken(app);
  const range = `from=${FIRST_DAY}&to=${addDays(FIRST_DAY, DAYS - 1)}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/analytics/funnels',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      key: 'open_view_click',
      name: 'bench',
      steps: ['app_open', 'page_view', 'click'],
      within: 'session',
    },
  });
  if (created.statusCode !== 200) throw new Error(`funnel create failed: ${created.body}`);
  const aggregates: [string, string][] = [
    ['overview', `overview?${range}`],
    ['pages', `pages?${range}`],
    ['exits', `exits?${range}`],
    ['clicks', `clicks?${range}`],
    ['funnel (core, per user-day)', `funnel?${range}`],
    ['funnel (3 steps, per session)', `funnel?${range}&funnel=open_view_click`],
  ];
  const timings: Timing[] = [];
  for (const [name, path] of aggregates) {
    const durations: number[] = [];
    const cpuDurations: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/analytics/${path}`,
        headers: { authorization: `Bearer ${token}` },
      });
      durations.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStart);
      cpuDurations.push((cpu.user + cpu.system) / 1000);
      if (response.statusCode !== 200) throw new Error(`${name} failed: ${response.body}`);
      const data = response.json<{ data: { items?: unknown[]; steps?: unknown[] } }>().data;
      rows = (data.items ?? data.steps ?? []).length;
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    timings.push({
      database: label,
      aggregate: name,
      firstMs: Math.round(durations[0]!),
      medianMs: Math.round(median(durations)),
      medianCpuMs: Math.round(median(cpuDurations)),
      rows,
    });
  }
  return timings;
}

async function measure(label: string, url: string | undefined): Promise<Timing[]> {
  const folder = mkdtempSync(join(tmpdir(), 'growth-analytics-aggregates-'));
  const schema = url ? `bench_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;
  const database = await openGrowthDatabase({
    url,
    sqliteFile: join(folder, 'growth.sqlite'),
    postgresSchema: schema,
  });
  const config = readGrowthConfig({ LOG_LEVEL: 'silent', GROWTH_ADMIN_PASSWORD: ADMIN_PASSWORD });
  const app = await buildGrowthApp(config, { database });
  try {
    const started = performance.now();
    const written = await loadEvents(database.db, database.dialect);
    // PostgreSQL's autovacuum analyses and vacuums a freshly loaded table on its own schedule; doing it here gives
    // the planner statistics and index-only scans a visibility map, as a running service would have.
    if (database.dialect === 'postgres') await sql`vacuum analyze analytics_events`.execute(database.db);
    console.log(
      `${label}: ${written} events loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return await timeAggregates(label, app);
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
    if (url && schema) await dropPostgresSchema(url, schema);
  }
}

console.log(
  `analytics aggregates over ${EVENT_COUNT} events, ${DAYS} days, ${USERS} users, node ${process.version}`,
);
console.log(`machine: ${describeMachine()}, load average ${loadavg()[0]!.toFixed(1)} when starting`);
const timings = await measure('sqlite (file, WAL)', undefined);
console.table(timings);
const postgresUrl = process.env.GROWTH_DATABASE_URL;
if (postgresUrl) {
  const postgres = await measure('postgresql', postgresUrl);
  console.table(postgres);
  timings.push(...postgres);
} else {
  console.log('PostgreSQL skipped: set GROWTH_DATABASE_URL to include it');
}
// Wall time is what the console waits; on a loaded machine it also counts time spent waiting for a core.
const slow = timings.filter((timing) => timing.medianMs >= TARGET_MS);
console.log(
  slow.length === 0
    ? `every aggregate is under ${TARGET_MS} ms`
    : `OVER ${TARGET_MS} ms: ${slow.map((timing) => `${timing.database} ${timing.aggregate}`).join(', ')}`,
);
