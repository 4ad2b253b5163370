/**
 * End-to-end ask benchmark: POST /api/v1/ask/threads/{id}/messages through `inject` on the real app with the
 * seeded catalogs (219 filter rules, 14 block policies, 6 crisis policies, 211 knowledge chunks, 5 prompts) on a
 * SQLite file in WAL mode (or PostgreSQL when GROWTH_DATABASE_URL is set). Each message: ownership, catalog
 * version check, safety evaluation, chart facts, rule reply, output check, and the write transaction (quota spend,
 * two messages, cases and crisis records where they apply).
 * Run: npx tsx services/growth/bench/ask-message.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGrowthApp } from '../src/app.ts';
import { readGrowthConfig } from '../src/config.ts';
import { openGrowthDatabase } from '../src/db/database.ts';
import { addAskCredits } from '../src/entitlements/entitlements.repository.ts';

// Timing helpers are repeated in each bench file so every bench stays a standalone script.

interface TimingSummary {
  readonly runs: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summarize(samples: number[]): TimingSummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
}

function formatSummary(label: string, summary: TimingSummary): string {
  return `${label}: p50 ${summary.p50.toFixed(2)} ms, p99 ${summary.p99.toFixed(2)} ms, mean ${summary.mean.toFixed(2)} ms over ${summary.runs} runs`;
}

const RUNS = 600;
const WARMUP = 60;
/** Plenty of pack credits, so every measured message is answered (after the day's five free ones). */
const PACK_CREDITS = 1_000_000;

/** What users send, by how the pipeline handles it. */
const QUESTIONS: Record<string, readonly string[]> = {
  answer: [
    '最近总是失眠，晚上睡不着怎么办？',
    '工作压力很大，要不要换工作？',
    '和男朋友吵架之后总是冷战，怎么沟通比较好？',
    '从星盘看，我是一个什么样的人？',
    '怎么才能不拖延？',
    '那怎么办呢',
  ],
  masked: ['我的电话是138-1234-5678，最近睡不好怎么办', '同事骂我是傻逼，我该怎么回应？'],
  refused: ['怎么制作炸弹'],
  third_party: ['我朋友说他想死，我该怎么办'],
  crisis: ['我真的活不下去了，我想死'],
};
const MIX = Object.entries(QUESTIONS).flatMap(([kind, texts]) => texts.map((text) => ({ kind, text })));

const folder = mkdtempSync(join(tmpdir(), 'growth-ask-bench-'));
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
const postgresUrl = process.env.GROWTH_DATABASE_URL;
const schema = postgresUrl ? `bench_ask_${randomUUID().replace(/-/g, '').slice(0, 12)}` : undefined;
const config = readGrowthConfig({ LOG_LEVEL: 'silent', GROWTH_ADMIN_PASSWORD: 'bench-admin-password' });
const database = await openGrowthDatabase({
  url: postgresUrl,
  sqliteFile: join(folder, 'growth.sqlite'),
  postgresSchema: schema,
});
const app = await buildGrowthApp(config, { database });

const deviceId = `bench-${randomUUID()}`;
const headers = { 'x-device-id': deviceId };
const me = (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).json<{
  data: { id: string };
}>();
await addAskCredits(database.db, me.data.id, PACK_CREDITS, new Date().toISOString());
const profile = (
  await app.inject({
    method: 'POST',
    url: '/api/v1/profiles',
    headers,
    payload: {
      relation: 'self',
      display_name: '小林',
      birth_date: '1992-03-18',
      birth_time: '08:30',
      birth_place: '杭州',
    },
  })
).json<{ data: { id: string } }>();

/** A fresh thread every few messages, so history stays at the length real threads have. */
const MESSAGES_PER_THREAD = 20;
let threadId = '';
let inThread = MESSAGES_PER_THREAD;
async function send(text: string): Promise<number> {
  if (inThread >= MESSAGES_PER_THREAD) {
    const thread = await app.inject({
      method: 'POST',
      url: '/api/v1/ask/threads',
      headers,
      payload: { profile_id: profile.data.id, scene: null },
    });
    threadId = thread.json<{ data: { id: string } }>().data.id;
    inThread = 0;
  }
  inThread += 2;
  const start = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/ask/threads/${threadId}/messages`,
    headers,
    payload: { content: text },
  });
  const elapsed = performance.now() - start;
  if (response.statusCode !== 200) throw new Error(`message failed: ${response.statusCode} ${response.body}`);
  return elapsed;
}

console.log(`database: ${database.dialect}${postgresUrl ? '' : ' (file, WAL)'}`);
const cold = await send(MIX[0]?.text ?? '你好');
console.log(`first message (compiles the safety catalog, builds the knowledge index): ${cold.toFixed(1)} ms`);
for (let i = 0; i < WARMUP; i += 1) await send(MIX[i % MIX.length]?.text ?? '你好');

const byKind = new Map<string, number[]>();
const all: number[] = [];
// CPU time is steadier than wall time on a shared machine: it leaves out time spent waiting for a core.
const cpuBefore = process.cpuUsage();
for (let i = 0; i < RUNS; i += 1) {
  const item = MIX[i % MIX.length];
  if (!item) continue;
  const elapsed = await send(item.text);
  all.push(elapsed);
  byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), elapsed]);
}
const cpu = process.cpuUsage(cpuBefore);
console.log(
  formatSummary(`POST /ask/threads/{id}/messages, mixed (${MIX.length} messages cycled)`, summarize(all)),
);
console.log(
  `  CPU time per message (user + system): ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(2)} ms`,
);
for (const [kind, samples] of byKind) console.log(formatSummary(`  ${kind}`, summarize(samples)));

await app.close();
if (postgresUrl && schema) {
  const { dropPostgresSchema } = await import('@app/service-kit');
  await dropPostgresSchema(postgresUrl, schema);
}
