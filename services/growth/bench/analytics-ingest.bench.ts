/**
 * Analytics ingestion throughput: POST /api/v1/analytics/events with batches of 100 through Fastify `inject` (the
 * whole pipeline: device resolution, schema validation, page-visit linking, one multi-row insert per batch).
 *
 *   npx tsx services/growth/bench/analytics-ingest.bench.ts
 *   GROWTH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx services/growth/bench/analytics-ingest.bench.ts
 *
 * SQLite always runs (a file database in WAL mode, as in production); PostgreSQL runs when GROWTH_DATABASE_URL is
 * set, in a schema of its own that is dropped afterwards. Target on SQLite: ≥ 20,000 events/s.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeMachine } from '@app/bench-kit';
import { dropPostgresSchema } from '@app/service-kit';
import { buildGrowthApp, type GrowthApp } from '../src/app.ts';
import { readGrowthConfig } from '../src/config.ts';
import { openGrowthDatabase } from '../src/db/database.ts';
import { createRandom, generateSession, type BenchEvent } from './analytics-bench-data.ts';

const TARGET_SQLITE_EVENTS_PER_SECOND = 20_000;
const BATCH_SIZE = 100;
const DEVICES = 200;
const WARMUP_BATCHES = 200;
const MEASURED_BATCHES = Number(process.env.BENCH_BATCHES ?? 3000);
/** Requests in flight at once, as several clients flushing together. */
const CONCURRENCY = 8;

interface Run {
  database: string;
  batches: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** Events per second of this process's CPU time: what one uncontended core would sustain (SQLite runs in-process). */
  eventsPerCpuSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Each device sends its own sessions in order, cut into batches of 100 as a client SDK would flush them. */
function buildBatches(count: number, seed: number): { deviceId: string; items: BenchEvent[] }[] {
  const random = createRandom(seed);
  const pending = new Map<number, BenchEvent[]>();
  const batches: { deviceId: string; items: BenchEvent[] }[] = [];
  const start = Date.now() - 3600_000;
  while (batches.length < count) {
    const session = generateSession(random, { users: DEVICES, days: 1, firstDayStartMs: start });
    const queue = pending.get(session.userIndex) ?? [];
    queue.push(...session.events);
    while (queue.length >= BATCH_SIZE && batches.length < count) {
      batches.push({ deviceId: `bench-device-${session.userIndex}`, items: queue.splice(0, BATCH_SIZE) });
    }
    pending.set(session.userIndex, queue);
  }
  return batches;
}

async function sendAll(
  app: GrowthApp,
  batches: { deviceId: string; items: BenchEvent[] }[],
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/analytics/events',
        headers: { 'x-device-id': batch.deviceId },
        payload: { items: batch.items },
      });
      latencies.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`ingestion failed: ${response.statusCode} ${response.body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies.sort((a, b) => a - b);
}

async function measure(label: string, url: string | undefined): Promise<Run> {
  const folder = mkdtempSync(join(tmpdir(), 'growth-analytics-bench-'));
  const schema = url ? `bench_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;
  const config = readGrowthConfig({ LOG_LEVEL: 'silent', GROWTH_ADMIN_PASSWORD: 'bench-admin-password' });
  const database = await openGrowthDatabase({
    url,
    sqliteFile: join(folder, 'growth.sqlite'),
    postgresSchema: schema,
  });
  const app = await buildGrowthApp(config, { database });
  try {
    await sendAll(app, buildBatches(WARMUP_BATCHES, 1));
    const batches = buildBatches(MEASURED_BATCHES, 2);
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const latencies = await sendAll(app, batches);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const events = batches.length * BATCH_SIZE;
    return {
      database: label,
      batches: batches.length,
      events,
      seconds: Number(seconds.toFixed(2)),
      eventsPerSecond: Math.round(events / seconds),
      eventsPerCpuSecond: Math.round(events / cpuSeconds),
      p50Ms: Number(latencies[Math.floor(latencies.length * 0.5)]!.toFixed(2)),
      p99Ms: Number(latencies[Math.floor(latencies.length * 0.99)]!.toFixed(2)),
    };
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
    if (url && schema) await dropPostgresSchema(url, schema);
  }
}

console.log(
  `analytics ingestion, batches of ${BATCH_SIZE}, ${CONCURRENCY} in flight, node ${process.version}`,
);
console.log(`machine: ${describeMachine()}, load average ${loadavg()[0]!.toFixed(1)} when starting`);
const runs: Run[] = [await measure('sqlite (file, WAL)', undefined)];
const postgresUrl = process.env.GROWTH_DATABASE_URL;
if (postgresUrl) runs.push(await measure('postgresql', postgresUrl));
else console.log('PostgreSQL skipped: set GROWTH_DATABASE_URL to include it');
console.table(runs);
const sqlite = runs[0]!;
console.log(
  sqlite.eventsPerSecond >= TARGET_SQLITE_EVENTS_PER_SECOND
    ? `SQLite meets the target of ${TARGET_SQLITE_EVENTS_PER_SECOND} events/s`
    : `SQLite is BELOW the target of ${TARGET_SQLITE_EVENTS_PER_SECOND} events/s`,
);
