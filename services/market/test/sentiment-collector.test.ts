import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BinanceSentimentSource } from '../src/sentiment/binance-sentiment.source.ts';
import { SentimentCollector } from '../src/sentiment/sentiment.collector.ts';
import type { SentimentMetric } from '../src/sentiment/sentiment.metrics.ts';
import {
  findHistoryStart,
  FUNDING_HISTORY_START_MS,
  SENTIMENT_METRIC_DEFINITIONS,
  SENTIMENT_METRICS,
} from '../src/sentiment/sentiment.metrics.ts';
import { createSentimentSource } from '../src/sentiment/sentiment.plugin.ts';
import { SentimentRepository } from '../src/sentiment/sentiment.repository.ts';
import { SimSentimentSource } from '../src/sentiment/sim-sentiment.source.ts';
import { FakeBinance } from './sentiment-fake-binance.ts';
import { openTestDatabase, silentLogger, type TestDatabase } from './sentiment-test-database.ts';

const START = Date.UTC(2026, 0, 15, 12, 7, 0);
const SYMBOLS = ['BTC/USDT:USDT', 'ETH/USDT:USDT'];
/** Most tests need one pair: each full backfill is ~14,000 records, and the suite should stay quick. */
const ONE_SYMBOL = ['BTC/USDT:USDT'];
const FAST_RETRY = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20 };

describe('sentiment collector against a fake Binance', () => {
  let clock = START;
  const now = () => clock;
  let fake: FakeBinance;
  let baseUrl: string;
  let database: TestDatabase;
  let repository: SentimentRepository;

  beforeEach(async () => {
    clock = START;
    fake = new FakeBinance(now);
    baseUrl = await fake.listen();
    database = await openTestDatabase('sentiment_collector');
    repository = new SentimentRepository(database.handle.db);
  });

  afterEach(async () => {
    await fake.close();
    await database.dispose();
  });

  function createCollector(symbols: string[] = ONE_SYMBOL) {
    const source = new BinanceSentimentSource({ baseUrl, retry: FAST_RETRY });
    return new SentimentCollector({ repository, source, symbols, now, logger: silentLogger });
  }

  /** What the exchange holds for a series at `clock`, within the window the collector asks for. */
  async function expectedTimestamps(metric: SentimentMetric, symbol: string): Promise<number[]> {
    const reference = new SimSentimentSource('fake-binance', now);
    const startTime = findHistoryStart(SENTIMENT_METRIC_DEFINITIONS[metric], clock);
    const records = await reference.fetchPage({
      metric,
      symbol,
      startTime,
      endTime: clock,
      limit: 1_000_000,
    });
    return records.map((record) => record.timestamp);
  }

  async function storedTimestamps(metric: SentimentMetric, symbol: string): Promise<number[]> {
    const records = await repository.findRange({ metric, symbol, limit: 1_000_000 });
    return records.map((record) => record.timestamp);
  }

  it('backfills 30 days of the four rolling metrics and funding since 2019, in paged windows', async () => {
    const report = await createCollector(SYMBOLS).runCycle();
    expect(report.failures).toEqual([]);
    for (const metric of SENTIMENT_METRICS) {
      for (const symbol of SYMBOLS) {
        expect(await storedTimestamps(metric, symbol)).toEqual(await expectedTimestamps(metric, symbol));
      }
    }
    const funding = await storedTimestamps('funding_rate_history', 'BTC/USDT:USDT');
    expect(funding.length).toBeGreaterThan(6 * 365 * 3);
    expect(new Date(funding[0] ?? 0).toISOString()).toBe('2019-09-10T00:00:00.000Z');

    const fundingRequests = fake.requestsTo('funding_rate_history');
    expect(fundingRequests[0]?.params.get('startTime')).toBe(String(FUNDING_HISTORY_START_MS));
    for (const { params } of fundingRequests) {
      expect(params.get('limit')).toBe('1000');
      expect(params.has('period')).toBe(false);
      expect(Number(params.get('endTime')) - Number(params.get('startTime'))).toBeLessThan(
        1000 * 8 * 3_600_000,
      );
    }
    for (const metric of SENTIMENT_METRICS.filter((name) => name !== 'funding_rate_history')) {
      for (const { params } of fake.requestsTo(metric)) {
        expect(params.get('limit')).toBe('500');
        expect(params.get('period')).toBe(SENTIMENT_METRIC_DEFINITIONS[metric].period);
        expect(['BTCUSDT', 'ETHUSDT']).toContain(params.get('symbol'));
      }
    }
    // Wire values arrive as strings and are stored as numbers.
    const latest = await repository.findLatest('top_long_short_position_ratio', 'ETH/USDT:USDT');
    expect(typeof latest?.values.long_short_ratio).toBe('number');
  });

  it('resumes after a restart without refetching history or storing anything twice', async () => {
    await createCollector().runCycle();
    const before = await repository.countRecords();
    const requestsBefore = fake.requests.length;

    const restarted = createCollector();
    const report = await restarted.runCycle();
    expect(report.failures).toEqual([]);
    expect(await repository.countRecords()).toEqual(before);
    // One page per series: the newest stored record is re-read (it may have been revised), nothing older.
    expect(fake.requests.length - requestsBefore).toBe(SENTIMENT_METRICS.length * ONE_SYMBOL.length);
  });

  it('completes an interrupted backfill on the next start', async () => {
    const first = createCollector();
    first.start();
    while (fake.requests.length < 4) await new Promise((resolve) => setTimeout(resolve, 2));
    await first.stop();
    const partial = (await repository.countRecords()).reduce((sum, row) => sum + row.count, 0);

    await createCollector().runCycle();
    const total = (await repository.countRecords()).reduce((sum, row) => sum + row.count, 0);
    expect(total).toBeGreaterThan(partial);
    for (const metric of SENTIMENT_METRICS) {
      for (const symbol of ONE_SYMBOL) {
        expect(await storedTimestamps(metric, symbol)).toEqual(await expectedTimestamps(metric, symbol));
      }
    }
  });

  it('picks up new periods on the next quarter-hour refresh and keeps history beyond 30 days', async () => {
    const collector = createCollector();
    await collector.runCycle();
    const oldestTaker = (await storedTimestamps('taker_buy_sell_ratio', 'BTC/USDT:USDT'))[0];

    clock = START + 2 * 86_400_000;
    await collector.runCycle();
    const taker = await storedTimestamps('taker_buy_sell_ratio', 'BTC/USDT:USDT');
    expect(taker[0]).toBe(oldestTaker);
    expect(taker.at(-1)).toBe(Date.UTC(2026, 0, 17, 11, 45));
    // Nothing missing between the first backfill and the refresh: one record every 15 minutes.
    expect(taker.every((ts, index) => index === 0 || ts - (taker[index - 1] ?? 0) === 15 * 60_000)).toBe(
      true,
    );
    expect(taker.length).toBeGreaterThan(30 * 96);
  });

  it('retries 429 (honouring Retry-After) and 5xx, then succeeds', async () => {
    fake.failNext('taker_buy_sell_ratio', { status: 429, times: 2, retryAfterSeconds: 0 });
    fake.failNext('funding_rate_history', { status: 502, times: 2, body: '<html>bad gateway</html>' });
    fake.failNext('open_interest_history', { status: 418, times: 1, retryAfterSeconds: 0 });
    const report = await createCollector().runCycle();
    expect(report.failures).toEqual([]);
    for (const metric of SENTIMENT_METRICS) {
      expect(await storedTimestamps(metric, 'BTC/USDT:USDT')).toEqual(
        await expectedTimestamps(metric, 'BTC/USDT:USDT'),
      );
    }
  });

  it('reports a series whose retries run out, keeps the others, and catches up next cycle', async () => {
    fake.failNext('open_interest_history', { status: 503, times: 1_000 });
    const collector = createCollector();
    const report = await collector.runCycle();
    expect(report.failures.map((failure) => `${failure.metric} ${failure.symbol}`)).toEqual([
      'open_interest_history BTC/USDT:USDT',
    ]);
    expect(report.failures[0]?.error).toMatch(/gave up after 4 attempts \(HTTP 503\)/);
    for (const metric of SENTIMENT_METRICS.filter((name) => name !== 'open_interest_history')) {
      expect(await storedTimestamps(metric, 'BTC/USDT:USDT')).toEqual(
        await expectedTimestamps(metric, 'BTC/USDT:USDT'),
      );
    }

    fake.failNext('open_interest_history', { status: 503, times: 0 });
    expect((await collector.runCycle()).failures).toEqual([]);
    expect(await storedTimestamps('open_interest_history', 'BTC/USDT:USDT')).toEqual(
      await expectedTimestamps('open_interest_history', 'BTC/USDT:USDT'),
    );
  });

  it('does not retry a request Binance rejects (unknown symbol)', async () => {
    const report = await createCollector(['BTC/USDT:USDT', 'NOPE/USDT:USDT']).runCycle();
    expect(report.failures).toHaveLength(SENTIMENT_METRICS.length);
    expect(report.failures.every((failure) => failure.symbol === 'NOPE/USDT:USDT')).toBe(true);
    expect(report.failures[0]?.error).toMatch(/HTTP 400 code -1121/);
    expect(fake.requests.filter((request) => request.params.get('symbol') === 'NOPEUSDT')).toHaveLength(
      SENTIMENT_METRICS.length,
    );
  });

  it('is what live mode builds from MARKET_SOURCE and MARKET_BINANCE_API_URL', async () => {
    const live = createSentimentSource(
      { MARKET_SOURCE: 'live', MARKET_BINANCE_API_URL: baseUrl, MARKET_SIM_SEED: 'unused' },
      now,
    );
    expect(live.name).toBe('binance');
    const page = await live.fetchPage({
      metric: 'top_long_short_position_ratio',
      symbol: 'ETH/USDT:USDT',
      startTime: START - 3 * 3_600_000, // 09:07: the first whole hour is 10:00
      endTime: START,
      limit: 500,
    });
    expect(page.map((record) => record.timestamp)).toEqual(
      [10, 11].map((hour) => Date.UTC(2026, 0, 15, hour)),
    );
    expect(fake.requestsTo('top_long_short_position_ratio')[0]?.params.get('symbol')).toBe('ETHUSDT');
    const sim = createSentimentSource(
      { MARKET_SOURCE: 'sim', MARKET_BINANCE_API_URL: undefined, MARKET_SIM_SEED: 's' },
      now,
    );
    expect(sim.name).toBe('sim');
  });

  it('stays inside the request budget', async () => {
    const windowMs = 250;
    const limit = 6;
    const timestamps: number[] = [];
    const source = new BinanceSentimentSource({
      baseUrl,
      retry: FAST_RETRY,
      windows: { futures_data: { limit, windowMs }, funding_rate: { limit, windowMs } },
      fetch: (input, init) => {
        timestamps.push(performance.now());
        return fetch(input, init);
      },
    });
    const collector = new SentimentCollector({
      repository,
      source,
      symbols: ['BTC/USDT:USDT'],
      metrics: ['taker_buy_sell_ratio', 'open_interest_history'],
      now,
      logger: silentLogger,
    });
    // The budget keeps its own wall-clock window; the data clock stays fixed.
    const report = await collector.runCycle();
    expect(report.failures).toEqual([]);
    expect(timestamps.length).toBeGreaterThanOrEqual(12);
    for (let index = limit; index < timestamps.length; index += 1) {
      expect((timestamps[index] ?? 0) - (timestamps[index - limit] ?? 0)).toBeGreaterThanOrEqual(
        windowMs - 5,
      );
    }
  });
});
