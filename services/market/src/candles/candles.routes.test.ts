import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, type TestApp } from '../../test/build-test-app.ts';
import { aggregateCandles, bucketSpecFor } from './aggregation.ts';
import type { CandleJson } from './candle.types.ts';
import { CandlesResponseSchema } from './candles.schemas.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, WEEK_MS } from './timeframes.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(async () => {
  await harness.close();
});

async function getCandles(query: string): Promise<CandleJson[]> {
  const response = await harness.app.inject(`/api/candles?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body: unknown = response.json();
  expect(Value.Check(CandlesResponseSchema, body)).toBe(true);
  return Value.Parse(CandlesResponseSchema, body);
}

async function getError(query: string): Promise<{ status: number; error: string; message: string }> {
  const response = await harness.app.inject(`/api/candles?${query}`);
  const body = response.json<{ error: string; message: string }>();
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  return { status: response.statusCode, ...body };
}

const BTC = encodeURIComponent('BTC/USDT:USDT');

describe('GET /api/candles — happy paths', () => {
  it('returns the newest 500 one-minute candles by default, ascending, ending with the one in progress', async () => {
    const candles = await getCandles(`symbol=${BTC}`);
    expect(candles).toHaveLength(500);
    const last = candles.at(-1);
    expect(last?.timestamp).toBe(Math.floor(TEST_NOW / MINUTE_MS) * MINUTE_MS);
    candles.forEach((candle, index) => {
      expect(candle.datetime).toBe(new Date(candle.timestamp).toISOString());
      expect(candle.datetime.endsWith('Z')).toBe(true);
      expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
      expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
      if (index > 0) expect(candle.timestamp - (candles[index - 1]?.timestamp ?? 0)).toBe(MINUTE_MS);
    });
  });

  it('treats a key as symbol plus exchange, and defaults to the default exchange', async () => {
    const byKey = await getCandles(`symbol=${encodeURIComponent('binance:BTC/USDT:USDT')}&limit=5`);
    const byParam = await getCandles(`symbol=${BTC}&exchange=binance&limit=5`);
    const byDefault = await getCandles(`symbol=${BTC}&limit=5`);
    const bybitKey = await getCandles(`symbol=${encodeURIComponent('bybit:BTC/USDT:USDT')}&limit=5`);
    expect(byKey).toEqual(byParam);
    expect(byDefault).toEqual(bybitKey);
    expect(byKey).not.toEqual(byDefault);
  });

  it('keeps start and end inclusive and limit as the newest N of the range', async () => {
    const end = Math.floor(TEST_NOW / MINUTE_MS) * MINUTE_MS - 60 * MINUTE_MS;
    const start = end - 10 * MINUTE_MS;
    const range = await getCandles(`symbol=${BTC}&start=${start}&end=${end}`);
    expect(range.map((candle) => candle.timestamp)).toEqual(
      Array.from({ length: 11 }, (_, index) => start + index * MINUTE_MS),
    );
    const newest = await getCandles(`symbol=${BTC}&start=${start}&end=${end}&limit=3`);
    expect(newest).toEqual(range.slice(-3));
    const offGrid = await getCandles(`symbol=${BTC}&start=${start + 1}&end=${end - 1}`);
    expect(offGrid).toEqual(range.slice(1, -1));
  });

  it('returns everything from start when no limit is given, up to 5000', async () => {
    const start = Math.floor(TEST_NOW / MINUTE_MS) * MINUTE_MS - 99 * MINUTE_MS;
    expect(await getCandles(`symbol=${BTC}&start=${start}`)).toHaveLength(100);
    // The test window holds three days of minutes (4320 < 5000): all of them.
    const fromOld = await getCandles(`symbol=${BTC}&start=0`);
    expect(fromOld).toHaveLength(3 * 24 * 60);
  });

  it('serves derived timeframes aggregated from the base, aligned to the epoch', async () => {
    const minutes = await getCandles(`symbol=${BTC}&tf=1m&limit=5000`);
    const fifteen = await getCandles(`symbol=${BTC}&tf=15m&limit=20`);
    const expected = aggregateCandles(minutes, bucketSpecFor(15 * MINUTE_MS)).slice(-20);
    expect(fifteen.map(({ datetime: _datetime, ...candle }) => candle)).toEqual(expected);
    for (const candle of fifteen) expect(candle.timestamp % (15 * MINUTE_MS)).toBe(0);

    const twoDays = await getCandles(`symbol=${BTC}&tf=2d&limit=10`);
    for (const candle of twoDays) expect(candle.timestamp % (2 * DAY_MS)).toBe(0);
  });

  it('starts weeks and multi-week buckets on Monday', async () => {
    for (const tf of ['1w', '2w', '3w']) {
      const candles = await getCandles(`symbol=${BTC}&tf=${tf}&limit=10`);
      expect(candles.length).toBeGreaterThan(0);
      for (const candle of candles) {
        expect(new Date(candle.timestamp).getUTCDay()).toBe(1);
        expect(candle.timestamp % DAY_MS).toBe(0);
      }
    }
    const weeks = await getCandles(`symbol=${BTC}&tf=1w&limit=9`);
    const threeWeeks = await getCandles(`symbol=${BTC}&tf=3w&limit=1`);
    const newest = threeWeeks[0];
    const members = weeks.filter((week) => week.timestamp >= (newest?.timestamp ?? 0));
    expect(members.length).toBeLessThanOrEqual(3);
    expect(newest?.open).toBe(members[0]?.open);
    expect(newest?.close).toBe(members.at(-1)?.close);
    expect(newest?.timestamp ?? 0 + 3 * WEEK_MS).toBeGreaterThan(0);
  });

  it('keeps the simulated base timeframes consistent: an hour is its sixty minutes', async () => {
    const hours = await getCandles(`symbol=${BTC}&tf=1h&limit=30`);
    const minutes = await getCandles(`symbol=${BTC}&tf=1m&limit=5000`);
    const fromMinutes = aggregateCandles(minutes, bucketSpecFor(HOUR_MS));
    const complete = fromMinutes.slice(1, -1);
    expect(complete.length).toBeGreaterThan(24);
    const byTime = new Map(hours.map((hour) => [hour.timestamp, hour]));
    let compared = 0;
    for (const expected of complete) {
      const hour = byTime.get(expected.timestamp);
      if (!hour) continue;
      expect([hour.open, hour.high, hour.low, hour.close]).toEqual([
        expected.open,
        expected.high,
        expected.low,
        expected.close,
      ]);
      expect(hour.volume).toBeCloseTo(expected.volume, 6);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(20);
    // The hour in progress agrees with its minutes so far, too.
    expect(hours.at(-1)).toMatchObject({
      close: minutes.at(-1)?.close,
      timestamp: fromMinutes.at(-1)?.timestamp,
    });
  });
});

describe('GET /api/candles — errors', () => {
  it.each([
    ['', 'invalid_parameter', /symbol/],
    [`symbol=${BTC}&limit=0`, 'invalid_parameter', /limit/],
    [`symbol=${BTC}&limit=5001`, 'invalid_parameter', /limit/],
    [`symbol=${BTC}&limit=ten`, 'invalid_parameter', /limit/],
    [`symbol=${BTC}&start=-5`, 'invalid_parameter', /start/],
    [`symbol=${BTC}&start=10&end=5`, 'invalid_parameter', /start/],
    [`symbol=${BTC}&tf=7m`, 'invalid_timeframe', /7m/],
    [`symbol=${BTC}&tf=1M`, 'invalid_timeframe', /1M/],
    [`symbol=${encodeURIComponent('binance:BTC/USDT:USDT')}&exchange=bybit`, 'invalid_parameter', /binance/],
  ])('answers 400 for %s', async (query, code, message) => {
    const error = await getError(query);
    expect(error.status).toBe(400);
    expect(error.error).toBe(code);
    expect(error.message).toMatch(message);
  });

  it.each([
    [`symbol=${BTC}&exchange=kraken`, 'unknown_exchange'],
    [`symbol=${encodeURIComponent('DOGE/USDT:USDT')}`, 'unknown_symbol'],
    [`symbol=${encodeURIComponent('SOL/USDT:USDT')}&exchange=bybit`, 'unknown_symbol'],
    [`symbol=${encodeURIComponent('kraken:BTC/USDT:USDT')}`, 'unknown_symbol'],
  ])('answers 404 for %s', async (query, code) => {
    const error = await getError(query);
    expect(error.status).toBe(404);
    expect(error.error).toBe(code);
  });
});
