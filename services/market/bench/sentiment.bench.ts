/**
 * Sentiment benchmark:
 *
 * 1. backfill: the simulated collector fills a fresh store with the contract's depths for all 19 pairs (30 days of
 *    the four rolling metrics, funding since September 2019), as on a first start in sim mode;
 * 2. paging: a client walks the full BTC funding-rate history over real HTTP with the contract's rule (limit 2000,
 *    end = oldest timestamp - 1, until a page has fewer than 2000), repeated to get per-page percentiles;
 * 3. the small reads: /api/sentiment/latest and /api/sentiment/available.
 *
 * SQLite by default; PostgreSQL when MARKET_DATABASE_URL is set.
 * Run: `npx tsx services/market/bench/sentiment.bench.ts` (or `npm run bench -- sentiment`).
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { buildMarketApp } from '../src/app.ts';
import { loadMarketConfig } from '../src/config.ts';
import { SENTIMENT_SYMBOLS } from '../src/exchanges/symbols.ts';
import { SentimentCollector } from '../src/sentiment/sentiment.collector.ts';
import { SentimentRepository } from '../src/sentiment/sentiment.repository.ts';
import { SimSentimentSource } from '../src/sentiment/sim-sentiment.source.ts';
import { openTestDatabase, TEST_POSTGRES_URL } from '../test/sentiment-test-database.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 7);
const PAGE_LIMIT = 2000;
const PAGING_ROUNDS = 20;
const SMALL_READS = 200;

async function runBenchmark(): Promise<void> {
  const database = await openTestDatabase('sentiment_bench');
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const store = TEST_POSTGRES_URL ? 'PostgreSQL' : 'SQLite (in memory)';
  console.log(
    `sentiment benchmark on ${store}, node ${process.version}, ${cpus().length} CPUs, load average ${load}`,
  );
  try {
    const repository = new SentimentRepository(database.handle.db);
    const collector = new SentimentCollector({
      repository,
      source: new SimSentimentSource('bench', () => NOW),
      symbols: SENTIMENT_SYMBOLS,
      now: () => NOW,
      logger: { info: () => undefined, warn: () => undefined },
    });
    const backfillStarted = performance.now();
    const report = await collector.runCycle();
    const backfillSeconds = (performance.now() - backfillStarted) / 1000;
    console.log(
      `backfill: ${report.records} records for ${report.series} series in ${backfillSeconds.toFixed(2)} s ` +
        `(${Math.round(report.records / backfillSeconds)} records/s), ${report.failures.length} failures`,
    );
    const refreshStarted = performance.now();
    await collector.runCycle();
    console.log(
      `refresh cycle with nothing new: ${(performance.now() - refreshStarted).toFixed(0)} ms for ${report.series} series`,
    );

    const config = loadMarketConfig({
      LOG_LEVEL: 'silent',
      MARKET_ROLE: 'api',
      MARKET_SQLITE_FILE: ':memory:',
      MARKET_SYMBOLS_BYBIT: 'BTC/USDT:USDT',
      MARKET_SYMBOLS_BINANCE: 'BTC/USDT:USDT',
      MARKET_HISTORY_1M_DAYS: '1',
      MARKET_HISTORY_1H_DAYS: '2',
      MARKET_HISTORY_SINCE: '2025-12-01',
    });
    const app = await buildMarketApp(config, { database: database.handle, logger: false, now: () => NOW });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    try {
      await benchmarkPaging(base);
      await benchmarkSmallReads(base);
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

async function benchmarkPaging(base: string): Promise<void> {
  const pageTimes: number[] = [];
  const walkTimes: number[] = [];
  const walkCpu: number[] = [];
  let records = 0;
  let pages = 0;
  let bytes = 0;
  for (let round = 0; round < PAGING_ROUNDS; round += 1) {
    const walkStarted = performance.now();
    const cpuBefore = process.cpuUsage();
    records = 0;
    pages = 0;
    bytes = 0;
    let end: number | undefined;
    for (;;) {
      const query = new URLSearchParams({
        metric: 'funding_rate_history',
        symbol: 'BTC/USDT:USDT',
        limit: String(PAGE_LIMIT),
      });
      if (end !== undefined) query.set('end', String(end));
      const started = performance.now();
      const response = await fetch(`${base}/api/sentiment/metrics?${query}`);
      const text = await response.text();
      pageTimes.push(performance.now() - started);
      const page: unknown = JSON.parse(text);
      const { count, first } = readPage(page);
      records += count;
      pages += 1;
      bytes += text.length;
      if (count < PAGE_LIMIT) break;
      end = first - 1;
    }
    walkTimes.push(performance.now() - walkStarted);
    const cpu = process.cpuUsage(cpuBefore);
    walkCpu.push((cpu.user + cpu.system) / 1000);
  }
  walkCpu.sort((a, b) => a - b);
  pageTimes.sort((a, b) => a - b);
  walkTimes.sort((a, b) => a - b);
  console.log(
    `paging full funding history: ${records} records in ${pages} pages (${(bytes / 1024).toFixed(0)} KiB); ` +
      `whole walk p50 ${percentile(walkTimes, 0.5).toFixed(1)} ms (${percentile(walkCpu, 0.5).toFixed(1)} ms CPU, server and client), per page p50 ${percentile(pageTimes, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(pageTimes, 0.99).toFixed(1)} ms over ${PAGING_ROUNDS} walks`,
  );
}

async function benchmarkSmallReads(base: string): Promise<void> {
  for (const path of ['/api/sentiment/latest?symbol=ETH/USDT:USDT', '/api/sentiment/available']) {
    const times: number[] = [];
    for (let index = 0; index < SMALL_READS; index += 1) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${path}: p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms over ${SMALL_READS}`,
    );
  }
}

function readPage(page: unknown): { count: number; first: number } {
  if (typeof page !== 'object' || page === null || !('count' in page) || !('data' in page))
    throw new Error('bad page');
  const { count, data } = page;
  if (typeof count !== 'number' || !Array.isArray(data)) throw new Error('bad page');
  const first: unknown = data[0];
  const timestamp =
    typeof first === 'object' && first !== null && 'timestamp' in first ? first.timestamp : undefined;
  return { count, first: typeof timestamp === 'number' ? timestamp : 0 };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

void runBenchmark();
