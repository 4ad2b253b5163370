import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CandleUpdate } from '../src/candles/candle.types.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../src/candles/timeframes.ts';
import { CcxtExchangeAdapter } from '../src/exchanges/live/live-exchange.adapter.ts';
import { buildTestApp, removeTestDatabase, TEST_NOW, type TestApp } from './build-test-app.ts';
import { FAKE_MARK_PREMIUM, FakeExchange, type FakeExchangeName } from './fake-exchange/fake-exchange.ts';
import { waitFor } from './wait-for.ts';

const SYMBOLS = ['BTC/USDT:USDT', 'SOL/USDT:USDT'];
const LIVE_ENV = {
  MARKET_SOURCE: 'live',
  MARKET_SYMBOLS_BYBIT: SYMBOLS.join(','),
  MARKET_SYMBOLS_BINANCE: SYMBOLS.join(','),
  MARKET_HISTORY_1M_DAYS: '1',
  MARKET_HISTORY_1H_DAYS: '7',
  MARKET_HISTORY_SINCE: '2025-06-01',
};
const fastSleep = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

let clock = TEST_NOW;
let fake: FakeExchange;
let harness: TestApp | undefined;

async function startLiveApp(
  options: {
    pollIntervalMs?: number;
    timeoutMs?: number;
    wait?: boolean;
    databaseName?: string;
    keepDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  harness = await buildTestApp(
    LIVE_ENV,
    {
      now: () => clock,
      sleep: fastSleep,
      createLiveAdapter: (exchange) =>
        new CcxtExchangeAdapter({
          exchange,
          apiBaseUrl: fake.url,
          timeoutMs: options.timeoutMs ?? 2_000,
          pollIntervalMs: options.pollIntervalMs ?? 60_000,
          now: () => clock,
          retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
          sleep: fastSleep,
          rateLimitMs: 1,
        }),
    },
    {
      waitForReady: options.wait ?? true,
      ...(options.databaseName ? { databaseName: options.databaseName } : {}),
      keepDatabase: options.keepDatabase ?? false,
    },
  );
  return harness;
}

async function candlesOf(app: TestApp, query: string) {
  const response = await app.app.inject(`/api/candles?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<
    { timestamp: number; open: number; high: number; low: number; close: number; volume: number }[]
  >();
}

/** The first open time the live window should hold, per base timeframe (see LIVE_ENV). */
function windowStartOf(timeframe: '1m' | '1h' | '1d' | '1w'): number {
  if (timeframe === '1m') return Math.ceil((clock - DAY_MS) / MINUTE_MS) * MINUTE_MS;
  if (timeframe === '1h') return Math.ceil((clock - 7 * DAY_MS) / HOUR_MS) * HOUR_MS;
  return timeframe === '1d' ? Date.UTC(2025, 5, 1) : Date.UTC(2025, 5, 2);
}

function expectSameAsExchange(
  served: { timestamp: number; open: number; close: number; volume: number }[],
  exchange: FakeExchangeName,
  symbol: string,
  timeframe: '1m' | '1h' | '1d' | '1w',
  from = windowStartOf(timeframe),
): void {
  const expected = fake.candles(exchange, symbol, timeframe, from, clock);
  expect(served.map((candle) => candle.timestamp)).toEqual(expected.map((candle) => candle.timestamp));
  expect(served.map((candle) => [candle.open, candle.close, candle.volume])).toEqual(
    expected.map((candle) => [candle.open, candle.close, candle.volume]),
  );
}

beforeEach(async () => {
  clock = TEST_NOW;
  fake = new FakeExchange({ now: () => clock, symbols: SYMBOLS });
  await fake.start();
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await fake.stop();
});

describe('live mode against a fake Bybit and Binance', () => {
  it('backfills every base timeframe with paging and serves it, base and derived', async () => {
    const app = await startLiveApp();
    for (const exchange of ['bybit', 'binance'] as const) {
      const key = encodeURIComponent(`${exchange}:BTC/USDT:USDT`);
      const minutes = await candlesOf(app, `symbol=${key}&limit=5000`);
      expect(minutes).toHaveLength(24 * 60);
      expectSameAsExchange(minutes, exchange, 'BTC/USDT:USDT', '1m');
      expectSameAsExchange(
        await candlesOf(app, `symbol=${key}&tf=1h&limit=5000`),
        exchange,
        'BTC/USDT:USDT',
        '1h',
      );
      expectSameAsExchange(
        await candlesOf(app, `symbol=${key}&tf=1d&limit=5000`),
        exchange,
        'BTC/USDT:USDT',
        '1d',
      );
      const weeks = await candlesOf(app, `symbol=${key}&tf=1w&limit=5000`);
      expect(new Date(weeks[0]?.timestamp ?? 0).toISOString()).toBe('2025-06-02T00:00:00.000Z');
      expectSameAsExchange(weeks, exchange, 'BTC/USDT:USDT', '1w');
      const fiveMinutes = await candlesOf(app, `symbol=${key}&tf=5m&limit=3`);
      expect(fiveMinutes.at(-1)?.timestamp).toBe(Math.floor(clock / (5 * MINUTE_MS)) * 5 * MINUTE_MS);
    }
    // A day of minutes: two pages on Bybit (1000 a page), three on Binance (499 a page, its cheapest weight per row).
    // Distinct page windows (a retried page counts once; live polls carry no start).
    const pageStarts = (
      exchange: FakeExchangeName,
      path: string,
      interval: string,
      startKey: string,
    ): Set<string> =>
      new Set(
        fake
          .requestsTo(exchange, path)
          .filter((r) => r.query['symbol'] === 'BTCUSDT' && r.query['interval'] === interval)
          .flatMap((r) => (r.query[startKey] === undefined ? [] : [r.query[startKey] ?? ''])),
      );
    expect(pageStarts('bybit', '/v5/market/kline', '1', 'start').size).toBe(2);
    const binancePages = fake
      .requestsTo('binance', '/fapi/v1/klines')
      .filter(
        (r) =>
          r.query['symbol'] === 'BTCUSDT' &&
          r.query['interval'] === '1m' &&
          r.query['startTime'] !== undefined,
      );
    expect(pageStarts('binance', '/fapi/v1/klines', '1m', 'startTime').size).toBe(3);
    expect(binancePages.every((request) => request.query['limit'] === '499')).toBe(true);
    const health = await app.app.inject('/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      ready: true,
      source: 'live',
      ready_by_exchange: { bybit: true, binance: true },
    });
  });

  it('retries 429s, 5xx and timeouts, and drops malformed and misaligned rows, then repairs the holes they leave', async () => {
    fake.inject({ exchange: 'bybit', path: '/v5/market/kline', kind: 'rate_limit', times: 2 });
    fake.inject({ exchange: 'binance', path: '/fapi/v1/klines', kind: 'rate_limit', times: 1 });
    fake.inject({ exchange: 'binance', path: '/fapi/v1/klines', kind: 'server_error', times: 1 });
    fake.inject({ exchange: 'binance', path: '/fapi/v1/klines', kind: 'timeout', times: 1 });
    fake.inject({ exchange: 'bybit', path: '/v5/market/kline', kind: 'malformed_row', times: 3 });
    fake.inject({ exchange: 'binance', path: '/fapi/v1/klines', kind: 'misaligned_row', times: 3 });
    const app = await startLiveApp();
    for (const exchange of ['bybit', 'binance'] as const) {
      for (const symbol of SYMBOLS) {
        const key = encodeURIComponent(`${exchange}:${symbol}`);
        for (const tf of ['1m', '1h', '1d', '1w'] as const) {
          expectSameAsExchange(
            await candlesOf(app, `symbol=${key}&tf=${tf}&limit=5000`),
            exchange,
            symbol,
            tf,
          );
        }
      }
    }
  });

  it('detects a gap in backfilled history by expected open times and repairs it by REST', async () => {
    const holeFrom = Math.floor(clock / MINUTE_MS) * MINUTE_MS - 3 * HOUR_MS;
    fake.hide({
      exchange: 'bybit',
      symbol: 'BTC/USDT:USDT',
      timeframe: '1m',
      from: holeFrom,
      to: holeFrom + 9 * MINUTE_MS,
      times: 1,
    });
    const app = await startLiveApp();
    const minutes = await candlesOf(app, `symbol=${encodeURIComponent('BTC/USDT:USDT')}&limit=5000`);
    expect(minutes).toHaveLength(24 * 60);
    expectSameAsExchange(minutes, 'bybit', 'BTC/USDT:USDT', '1m');
    const repairs = fake
      .requestsTo('bybit', '/v5/market/kline')
      .filter((request) => request.query['symbol'] === 'BTCUSDT' && request.query['interval'] === '1');
    expect(repairs.length).toBeGreaterThan(2);
  });

  it('polls live candles, repairs the gap a late poll leaves, and emits base and derived updates', async () => {
    const app = await startLiveApp({ pollIntervalMs: 30 });
    const updates: CandleUpdate[] = [];
    app.feed.onUpdate((update) => updates.push(update));
    await waitFor(() => updates.some((update) => update.timeframe === '1m'));
    // Five minutes pass between two polls: the poll sees the newest two candles only; the rest is repaired.
    clock += 5 * MINUTE_MS;
    const current = Math.floor(clock / MINUTE_MS) * MINUTE_MS;
    await waitFor(
      () =>
        app.feed
          .queryCandles({ exchange: 'bybit', symbol: 'BTC/USDT:USDT', timeframe: '1m', limit: 10 })
          .at(-1)?.timestamp === current,
    );
    await waitFor(() => {
      const newest = app.feed.queryCandles({
        exchange: 'bybit',
        symbol: 'BTC/USDT:USDT',
        timeframe: '1m',
        limit: 10,
      });
      return newest.every(
        (candle, index) =>
          index === 0 || candle.timestamp - (newest[index - 1]?.timestamp ?? 0) === MINUTE_MS,
      );
    });
    const minutes = app.feed.queryCandles({
      exchange: 'bybit',
      symbol: 'BTC/USDT:USDT',
      timeframe: '1m',
      start: clock - HOUR_MS,
    });
    expectSameAsExchange(minutes, 'bybit', 'BTC/USDT:USDT', '1m', clock - HOUR_MS);
    const timeframes = new Set(updates.map((update) => update.timeframe));
    for (const tf of ['1m', '5m', '15m', '45m']) expect(timeframes.has(tf)).toBe(true);
    const fiveMinute = updates.filter(
      (update) =>
        update.timeframe === '5m' && update.exchange === 'bybit' && update.symbol === 'BTC/USDT:USDT',
    );
    const newestFive = fiveMinute.at(-1)?.candles.at(-1);
    expect(newestFive?.timestamp).toBe(Math.floor(clock / (5 * MINUTE_MS)) * 5 * MINUTE_MS);
  });

  it('restarts from the database and fetches only what is newer', async () => {
    const databaseName = `market_live_restart_${process.pid}`;
    removeTestDatabase(databaseName);
    const first = await startLiveApp({ databaseName, keepDatabase: true });
    await waitFor(() => first.feed.persistenceBacklog === 0);
    await first.close();
    harness = undefined;
    const before = fake.requests.length;
    clock += 3 * MINUTE_MS;
    const second = await startLiveApp({ databaseName });
    // Backfill requests carry a start; live polls do not.
    const after = fake.requests
      .slice(before)
      .filter((request) => request.query['start'] !== undefined || request.query['startTime'] !== undefined)
      .filter((request) => request.path === '/v5/market/kline' || request.path === '/fapi/v1/klines');
    // One page per series for the tail (4 base timeframes × 2 symbols × 2 exchanges), no full backfill.
    const pages = new Set(
      after.map((request) => `${request.path} ${request.query['symbol']} ${request.query['interval']}`),
    );
    expect(pages.size).toBe(16);
    expect(new Set(after.map((request) => JSON.stringify(request.query))).size).toBe(16);
    const minutes = await candlesOf(second, `symbol=${encodeURIComponent('BTC/USDT:USDT')}&limit=5000`);
    expectSameAsExchange(minutes, 'bybit', 'BTC/USDT:USDT', '1m');
    removeTestDatabase(databaseName);
  });

  it('keeps polling through failures with back-off and stays ready while recent', async () => {
    const app = await startLiveApp({ pollIntervalMs: 20 });
    fake.inject({ exchange: 'bybit', path: '/v5/market/kline', kind: 'server_error', times: 3 });
    const before = fake.requestsTo('bybit', '/v5/market/kline').length;
    await waitFor(() => fake.requestsTo('bybit', '/v5/market/kline').length > before + 6);
    expect(app.feed.isReady('bybit')).toBe(true);
  });

  it('answers 503 while an exchange cannot be loaded, and reports it in /health', async () => {
    fake.inject({ exchange: 'binance', path: '/fapi/v1/klines', kind: 'server_error', times: 100_000 });
    const app = await startLiveApp({ wait: false });
    await app.feed.whenReady('bybit');
    const candles = await app.app.inject(
      `/api/candles?symbol=${encodeURIComponent('binance:BTC/USDT:USDT')}`,
    );
    expect(candles.statusCode).toBe(503);
    expect(candles.json()).toEqual({
      error: 'exchange_not_ready',
      message: expect.stringContaining('binance'),
    });
    expect(
      (await app.app.inject(`/api/candles?symbol=${encodeURIComponent('BTC/USDT:USDT')}`)).statusCode,
    ).toBe(200);
    const health = await app.app.inject('/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      ready: false,
      ready_by_exchange: { bybit: true, binance: false },
    });
    expect((await app.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('reports derivatives from the exchanges, normalised to 8 hours and annualised', async () => {
    const app = await startLiveApp();
    const solana = await app.app.inject(
      `/api/derivatives?symbol=${encodeURIComponent('binance:SOL/USDT:USDT')}`,
    );
    expect(solana.statusCode, solana.body).toBe(200);
    const body = solana.json<Record<string, number>>();
    // The fake lists SOLUSDT with 4-hour funding of 0.01 %: 0.02 % per 8 hours.
    expect(body['funding_interval_hours']).toBe(4);
    expect(body['funding_rate']).toBeCloseTo(0.0002, 12);
    expect(body['basis']).toBeCloseTo((FAKE_MARK_PREMIUM.binance - 1) * (8760 / 4) * 100, 1);
    // Open interest rose from 80 % to 100 % of the reference (a 25 % rise), valued at today's mark vs index price.
    expect(body['oi_change_pct']).toBeCloseTo((FAKE_MARK_PREMIUM.binance / 0.8 - 1) * 100, 1);
    const bitcoin = await app.app.inject('/api/derivatives');
    expect(bitcoin.json()).toMatchObject({
      exchange: 'bybit',
      symbol: 'BTC/USDT:USDT',
      funding_rate: 0.0001,
      funding_interval_hours: 8,
    });
    expect(bitcoin.json<Record<string, number>>()['open_interest']).toBeGreaterThan(0);

    fake.inject({ exchange: 'bybit', path: '/v5/market/tickers', kind: 'server_error', times: 100 });
    const failing = await app.app.inject(`/api/derivatives?symbol=${encodeURIComponent('ETH/USDT:USDT')}`);
    expect(failing.statusCode).toBe(404);
    const unavailable = await app.app.inject(
      `/api/derivatives?symbol=${encodeURIComponent('SOL/USDT:USDT')}`,
    );
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({
      error: 'upstream_unavailable',
      message: 'derivatives data from bybit is unavailable right now',
    });
  });
});

describe('live polling', () => {
  it('stops at once when asked to stop while a poll is in flight, not after the poll interval', async () => {
    const adapter = new CcxtExchangeAdapter({
      exchange: 'bybit',
      apiBaseUrl: fake.url,
      timeoutMs: 2_000,
      // Far longer than the test may run: a stop that waited for the next poll would time the test out.
      pollIntervalMs: 3_600_000,
      now: () => clock,
      retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
      sleep: fastSleep,
      rateLimitMs: 1,
    });
    let stopping: Promise<void> | undefined;
    let batches = 0;
    const subscription = adapter.watchCandles(['BTC/USDT:USDT'], ['1m'], {
      // The stop arrives between the last request of a cycle and the pause that follows it.
      onCandles: () => {
        batches += 1;
        stopping ??= subscription.stop();
      },
      onDisconnect: () => undefined,
      onConnect: () => undefined,
    });
    await waitFor(() => stopping !== undefined);
    await stopping;
    await adapter.close();
    expect(batches).toBe(1);
  });
});
