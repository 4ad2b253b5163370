// Report creation through the real app on SQLite (a file database in WAL mode, as in production), each compared in
// the same run with a bare Fastify route that answers the very same bytes (autocannon, 20 connections):
// `npx tsx services/growth/bench/reports.bench.ts` (or `npm run bench -- reports`).
// POST /reports/star is the headline: it casts the natal chart, its transits, and the outlook's sky scans (week,
// month and year samples, lunations, solar return, progression, life-cycle searches) on every request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareWithCeiling,
  describeMachine,
  type BenchRequest,
  type CeilingComparison,
} from '@app/bench-kit';
import { serveWithCeiling } from '@app/bench-kit';
import { buildGrowthApp } from '../src/app.ts';
import { readGrowthConfig } from '../src/config.ts';
import { openGrowthDatabase } from '../src/db/database.ts';

const DEVICE_ID = 'bench-reports-device-0001';
const ROUTE_VARIABLE = 'REPORTS_BENCH_ROUTE';
const ROUTES = ['star', 'portrait', 'rhythm', 'synastry'] as const;
type ReportRoute = (typeof ROUTES)[number];
const HEADERS = { 'x-device-id': DEVICE_ID, 'content-type': 'application/json' };

function isReportRoute(value: string | undefined): value is ReportRoute {
  return (ROUTES as readonly string[]).includes(value ?? '');
}

async function serve(route: ReportRoute): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'growth-reports-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const config = readGrowthConfig({ LOG_LEVEL: 'silent', GROWTH_ADMIN_PASSWORD: 'bench-admin-password' });
  const database = await openGrowthDatabase({ url: undefined, sqliteFile: join(folder, 'growth.sqlite') });
  const app = await buildGrowthApp(config, { database });
  const createProfile = async (payload: Record<string, unknown>): Promise<string> => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/profiles', headers: HEADERS, payload });
    if (response.statusCode !== 200) throw new Error(`profile: ${response.body}`);
    return (response.json() as { data: { id: string } }).data.id;
  };
  const self = await createProfile({
    relation: 'self',
    birth_date: '1990-05-17',
    birth_time: '08:30',
    birth_place: '北京',
  });
  const partner = await createProfile({
    relation: 'other',
    birth_date: '1992-11-03',
    birth_time: '21:10',
    birth_place: '上海',
  });
  const payload =
    route === 'synastry'
      ? { profile_id_a: self, profile_id_b: partner, as_of: '2026-06-01' }
      : { profile_id: self };
  const request: BenchRequest = {
    method: 'POST',
    path: `/api/v1/reports/${route}`,
    headers: HEADERS,
    body: JSON.stringify(payload),
  };
  await serveWithCeiling(app, request);
}

function formatRow(cells: readonly string[], widths: readonly number[]): string {
  return `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
}

function printTable(results: readonly CeilingComparison[]): void {
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'ceiling req/s', 'ratio'];
  const rows = results.map((r) => [
    r.name,
    String(r.target.requestsPerSecond),
    String(r.target.latencyP50Ms),
    String(r.target.latencyP99Ms),
    String(r.ceiling.requestsPerSecond),
    `${(r.ratio * 100).toFixed(1)} %`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  console.log(formatRow(header, widths));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(formatRow(row, widths));
}

async function measure(): Promise<void> {
  console.log(`machine: ${describeMachine()}`);
  const only = process.argv.find((arg) => isReportRoute(arg));
  const results: CeilingComparison[] = [];
  for (const route of only ? [only] : ROUTES) {
    process.env[ROUTE_VARIABLE] = route;
    results.push(await compareWithCeiling(`POST /api/v1/reports/${route}`, fileURLToPath(import.meta.url)));
  }
  printTable(results);
}

if (process.argv.includes('--serve')) {
  const route = process.env[ROUTE_VARIABLE];
  await serve(isReportRoute(route) ? route : 'star');
} else {
  await measure();
}
