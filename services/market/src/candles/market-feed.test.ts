import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, removeTestDatabase, TEST_NOW, type TestApp } from '../../test/build-test-app.ts';
import type { CandleUpdate } from './candle.types.ts';
import { CandleRepository } from './candle.repository.ts';
import { HOUR_MS, MINUTE_MS } from './timeframes.ts';
import { waitFor } from '../../test/wait-for.ts';

let harness: TestApp | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('sim feed', () => {
  it('moves the live candles every tick, closes them on the minute and updates derived series with them', async () => {
    let clock = TEST_NOW;
    harness = await buildTestApp({ MARKET_SIM_TICK_MS: '100' }, { now: () => clock });
    const before = await harness.app.inject(
      `/api/candles?symbol=${encodeURIComponent('BTC/USDT:USDT')}&limit=2`,
    );
    expect(before.statusCode).toBe(200);
    const updates: CandleUpdate[] = [];
    harness.feed.onUpdate((update) => updates.push(update));
    const minute = Math.floor(TEST_NOW / MINUTE_MS) * MINUTE_MS;
    clock = minute + MINUTE_MS + 5_000;
    // Each exchange ticks on its own timer, so wait for the series under test, not the first one to close.
    const bybitMinutes = (): CandleUpdate[] =>
      updates.filter((u) => u.exchange === 'bybit' && u.symbol === 'BTC/USDT:USDT' && u.timeframe === '1m');
    await waitFor(() =>
      bybitMinutes().some((update) => update.candles.at(-1)?.timestamp === minute + MINUTE_MS),
    );
    const closing = bybitMinutes().find((update) => update.candles.length === 2);
    expect(closing?.candles.map((candle) => candle.timestamp)).toEqual([minute, minute + MINUTE_MS]);
    // The closed minute now holds all of its ticks; the feed agrees with the update.
    const stored = harness.feed.queryCandles({
      exchange: 'bybit',
      symbol: 'BTC/USDT:USDT',
      timeframe: '1m',
      limit: 2,
    });
    expect(stored).toEqual(closing?.candles);
    const timeframes = new Set(
      updates.filter((u) => u.symbol === 'BTC/USDT:USDT' && u.exchange === 'bybit').map((u) => u.timeframe),
    );
    for (const tf of ['1m', '2m', '45m', '1h', '4h', '20h', '1d', '3d', '1w', '3w'])
      expect(timeframes.has(tf)).toBe(true);
    const hour = harness.feed.queryCandles({
      exchange: 'bybit',
      symbol: 'BTC/USDT:USDT',
      timeframe: '1h',
      limit: 1,
    })[0];
    expect(hour?.timestamp).toBe(Math.floor(clock / HOUR_MS) * HOUR_MS);
    expect(hour?.close).toBe(stored.at(-1)?.close);
  });

  it('persists the history in the background and skips what is stored on restart', async () => {
    const databaseName = `market_feed_persist_${process.pid}`;
    removeTestDatabase(databaseName);
    const first = await buildTestApp({}, {}, { databaseName, keepDatabase: true });
    harness = first;
    await waitFor(() => first.feed.persistenceBacklog === 0);
    const repository = new CandleRepository(first.app.market.database.db, first.app.market.database.dialect);
    const seriesId = await repository.findOrCreateSeriesId({
      exchange: 'bybit',
      symbol: 'BTC/USDT:USDT',
      timeframe: '1m',
    });
    expect(await repository.countCandles(seriesId)).toBe(3 * 24 * 60);
    const newest = (await repository.findCandlesSince(seriesId, TEST_NOW - 2 * MINUTE_MS)).at(-1);
    expect(newest).toEqual(
      first.feed.queryCandles({ exchange: 'bybit', symbol: 'BTC/USDT:USDT', timeframe: '1m', limit: 1 })[0],
    );
    await first.close();

    const second = await buildTestApp({}, {}, { databaseName });
    harness = second;
    // Only the newest stored candle of each series (perhaps unfinished when stored) is written again.
    expect(second.feed.persistenceBacklog).toBeLessThanOrEqual(4 * 4);
    await waitFor(() => second.feed.persistenceBacklog === 0);
    const again = new CandleRepository(second.app.market.database.db, second.app.market.database.dialect);
    expect(
      await again.countCandles(
        await again.findOrCreateSeriesId({ exchange: 'bybit', symbol: 'BTC/USDT:USDT', timeframe: '1m' }),
      ),
    ).toBe(3 * 24 * 60);
    removeTestDatabase(databaseName);
  });
});
