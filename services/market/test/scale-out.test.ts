import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candle, CandleUpdate } from '../src/candles/candle-feed.ts';
import type { MarketFeed } from '../src/candles/market-feed.ts';
import { openTestDatabase, type TestDatabase } from './sentiment-test-database.ts';
import { buildFeatureTestApp, type FeatureTestApp } from './stream-test-app.ts';
import { StreamTestClient } from './stream-test-client.ts';
import { waitFor, waitUntilQuiet } from './wait-for.ts';

/** CI sets REDIS_URL (redis://127.0.0.1:6379); without it there is nothing to fan out through. */
const REDIS_URL = process.env['REDIS_URL'];
const BTC = 'BTC/USDT:USDT';
/** Klines each client must see of each timeframe before the comparison (the sim ticks every 100 ms). */
const MIN_KLINES = 10;

describe.skipIf(!REDIS_URL)('scale-out: one collector, two API instances, Redis fan-out', () => {
  let folder: string;
  let database: TestDatabase;
  let collector: FeatureTestApp;
  const apis: FeatureTestApp[] = [];
  const clients: StreamTestClient[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'market-scale-out-'));
    const sqliteFile = join(folder, 'market.sqlite');
    database = await openTestDatabase('scale_out', sqliteFile);
    const sharedDatabase = { sqliteFile, schema: database.schema };
    const env = { REDIS_URL: REDIS_URL ?? '', MARKET_SIM_TICK_MS: '100' };

    collector = await buildFeatureTestApp({ sharedDatabase, env: { ...env, MARKET_ROLE: 'collector' } });
    await collector.listen();
    // Sentiment is not under test here; its sim backfill would only compete for the CPU with the candle relay.
    await collector.app.sentiment.collector?.stop();
    const collectorFeed = collector.app.market.feed as MarketFeed;
    await collectorFeed.whenReady();
    // API instances load their windows from the database: let the collector finish writing its history first.
    // (The writer's backlog reads 0 while its last batch is still in flight, so count the rows themselves.)
    let stored: number[] = [];
    await waitFor(
      async () => {
        stored = await countStoredCandles(database, '1m');
        return (
          collectorFeed.persistenceBacklog === 0 &&
          stored.length === 3 &&
          stored.every((count) => count >= 1440)
        );
      },
      // Seconds on a quiet machine; CI's loaded machine once needed more than 15.
      {
        timeoutMs: 60_000,
        intervalMs: 50,
        describeState: () =>
          `1m candles stored per series: ${JSON.stringify(stored)}, backlog ${collectorFeed.persistenceBacklog}`,
      },
    );

    for (let index = 0; index < 2; index += 1) {
      const api = await buildFeatureTestApp({ sharedDatabase, env: { ...env, MARKET_ROLE: 'api' } });
      apis.push(api);
      await api.listen();
      await (api.app.market.feed as MarketFeed).whenReady();
    }
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const api of apis) await api.close();
    await collector?.close();
    await database?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs the roles it was given and meets on one channel derived from the shared database', () => {
    const collectorStatus = collector.app.scaleOut.status();
    expect(collectorStatus).toMatchObject({ role: 'collector', redis: 'ready' });
    for (const api of apis) {
      const status = api.app.scaleOut.status();
      expect(status).toMatchObject({ role: 'api', redis: 'ready', channel: collectorStatus.channel });
      // An API instance collects nothing itself: no sentiment collector either.
      expect(api.app.sentiment.collector).toBeUndefined();
    }
    expect(collector.app.sentiment.collector).toBeDefined();
  });

  it('gives a client on each API instance the same klines, base and derived', async () => {
    for (const api of apis) {
      const address = api.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening');
      const client = await StreamTestClient.connect(`ws://127.0.0.1:${address.port}/ws`);
      clients.push(client);
      for (const timeframe of ['1m', '5m']) {
        client.send({ action: 'subscribe', symbol: BTC, exchange: 'bybit', timeframe });
        // Klines of the first subscription may already be flowing in between.
        expect(await client.nextOfType('subscribed')).toEqual({
          type: 'subscribed',
          exchange: 'bybit',
          symbol: BTC,
          timeframe,
        });
        const snapshot = await client.nextOfType('snapshot');
        // 300 newest, or all of the one day of 1m history the test market keeps (about 288 five-minute buckets).
        const candles = (snapshot['data'] as unknown[]).length;
        if (timeframe === '1m') expect(candles).toBe(300);
        else expect(candles).toBeGreaterThanOrEqual(287);
      }
    }
    const klinesOf = (client: StreamTestClient, timeframe: string): string[] =>
      client.rawMessages.filter(
        (text) => text.includes('"type":"kline"') && text.includes(`"timeframe":"${timeframe}"`),
      );
    await waitFor(
      async () =>
        clients.every((client) => ['1m', '5m'].every((tf) => klinesOf(client, tf).length >= MIN_KLINES)),
      {
        timeoutMs: 30_000,
        describeState: () =>
          `klines so far: ${clients.map((client) => client.rawMessages.length).join(', ')}`,
      },
    );
    // Stop the source, let the last messages arrive (until nothing new comes), then compare what both clients saw.
    await collector.app.close();
    await waitUntilQuiet(() => clients.map((client) => client.rawMessages.length).join(','), 500, 30_000);

    for (const timeframe of ['1m', '5m']) {
      const [first, second] = clients.map((client) => klinesOf(client, timeframe));
      if (first === undefined || second === undefined) throw new Error('two clients expected');
      // The two subscribed a few milliseconds apart: compare everything but the first two klines of the shorter list.
      const common = Math.min(first.length, second.length) - 2;
      expect(common).toBeGreaterThanOrEqual(MIN_KLINES - 2);
      expect(first.slice(-common)).toEqual(second.slice(-common));
      const kline = JSON.parse(first.at(-1) ?? '{}');
      expect(kline).toMatchObject({ type: 'kline', exchange: 'bybit', symbol: BTC, timeframe });
      expect(kline.data[0]).toEqual({
        timestamp: expect.any(Number),
        datetime: expect.any(String),
        open: expect.any(Number),
        high: expect.any(Number),
        low: expect.any(Number),
        close: expect.any(Number),
        volume: expect.any(Number),
      });
    }
  });

  it('serves the same candles over HTTP from both API instances', async () => {
    for (const tf of ['1m', '5m', '1h']) {
      const answers = await Promise.all(
        apis.map((api) =>
          api.app.inject({
            method: 'GET',
            url: `/api/candles?symbol=${BTC}&exchange=bybit&tf=${tf}&limit=300`,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers[0]?.json()).toEqual(answers[1]?.json());
    }
  });

  it('catches up from the shared database after Redis drops its subscriber connections', async () => {
    const channel = collector.app.scaleOut.status().channel ?? '';
    const relayId = channel.slice(channel.lastIndexOf(':') + 1);
    const admin = new Redis(REDIS_URL ?? '');
    try {
      const clientList = (await admin.client('LIST')) as string;
      const subscribers = clientList
        .split('\n')
        .filter((line) => line.includes(`name=market-api-${relayId}`))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1] ?? '');
      expect(subscribers).toHaveLength(2);
      for (const id of subscribers) await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
    // ioredis reconnects and re-subscribes; each instance then reads the database twice (now, and a bit later).
    await waitFor(async () => apis.every((api) => (api.app.scaleOut.status().received?.catchUps ?? 0) >= 2), {
      timeoutMs: 30_000,
      describeState: () => JSON.stringify(apis.map((api) => api.app.scaleOut.status())),
    });
    for (const api of apis) expect(api.app.scaleOut.status().redis).toBe('ready');
  });
});

describe('catch-up of an API instance that missed the relay', () => {
  const MINUTE_MS = 60_000;
  let folder: string;
  let database: TestDatabase;
  const apps: FeatureTestApp[] = [];

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads the candles published while it was cut off from the shared database, keeping newer relayed ones', async () => {
    folder = mkdtempSync(join(tmpdir(), 'market-catch-up-'));
    const sqliteFile = join(folder, 'market.sqlite');
    database = await openTestDatabase('catch_up', sqliteFile);
    const sharedDatabase = { sqliteFile, schema: database.schema };
    let clock = Date.UTC(2026, 10, 20, 12, 0, 30);
    const now = (): number => clock;
    // No REDIS_URL: the API instance receives no relay at all, as during an outage.
    const collector = await buildFeatureTestApp({
      sharedDatabase,
      now,
      env: { MARKET_ROLE: 'collector', MARKET_SIM_TICK_MS: '100' },
    });
    apps.push(collector);
    await collector.app.sentiment.collector?.stop();
    const collectorFeed = collector.app.market.feed as MarketFeed;
    await collectorFeed.whenReady();
    await waitFor(
      async () => {
        const stored = await countStoredCandles(database, '1m');
        return (
          collectorFeed.persistenceBacklog === 0 && stored.length === 3 && stored.every((n) => n >= 1440)
        );
      },
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    const api = await buildFeatureTestApp({ sharedDatabase, now, env: { MARKET_ROLE: 'api' } });
    apps.push(api);
    const apiFeed = api.app.market.feed as MarketFeed;
    await apiFeed.whenReady();
    const emitted: CandleUpdate[] = [];
    apiFeed.onUpdate((update) => emitted.push(update));

    // Three minutes pass; the collector closes them and stores them, the API instance hears nothing.
    const before = await countStoredCandles(database, '1m');
    clock += 3 * MINUTE_MS;
    const currentMinute = Math.floor(clock / MINUTE_MS) * MINUTE_MS;
    await waitFor(
      async () => {
        const stored = await countStoredCandles(database, '1m');
        return (
          collectorFeed.persistenceBacklog === 0 &&
          stored.every((count, index) => count >= (before[index] ?? 0) + 3)
        );
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    const query = { exchange: 'bybit', symbol: BTC, limit: 12 };
    const collected = collectorFeed.queryCandles({ ...query, timeframe: '1m' });
    expect(collected.at(-1)?.timestamp).toBe(currentMinute);
    expect(apiFeed.queryCandles({ ...query, timeframe: '1m' }).at(-1)?.timestamp).toBe(
      currentMinute - 3 * MINUTE_MS,
    );

    // The relay comes back while the catch-up reads: its newer version of the current minute must survive.
    const catchUp = apiFeed.startCatchUp();
    const firstPass = catchUp.run();
    const relayed = { ...(collected.at(-1) as Candle), volume: (collected.at(-1)?.volume ?? 0) + 1 };
    apiFeed.applyRemoteUpdate({ exchange: 'bybit', symbol: BTC, timeframe: '1m', candles: [relayed] });
    expect(await firstPass).toBeGreaterThanOrEqual(3 * 3);

    expect(apiFeed.queryCandles({ ...query, timeframe: '1m' })).toEqual([...collected.slice(0, -1), relayed]);
    const apiFiveMinutes = apiFeed.queryCandles({ ...query, timeframe: '5m' });
    const collectorFiveMinutes = collectorFeed.queryCandles({ ...query, timeframe: '5m' });
    expect(apiFiveMinutes.slice(0, -1)).toEqual(collectorFiveMinutes.slice(0, -1));
    expect(apiFiveMinutes.at(-1)?.volume).toBeCloseTo((collectorFiveMinutes.at(-1)?.volume ?? 0) + 1, 6);
    for (const symbol of ['BTC/USDT:USDT', 'ETH/USDT:USDT']) {
      expect(apiFeed.queryCandles({ exchange: 'bybit', symbol, timeframe: '1h', limit: 3 })).toEqual(
        collectorFeed.queryCandles({ exchange: 'bybit', symbol, timeframe: '1h', limit: 3 }),
      );
    }
    // WebSocket subscribers hear about the recovered minutes, base and derived.
    const recoveredMinutes = emitted
      .filter((update) => update.exchange === 'bybit' && update.symbol === BTC && update.timeframe === '1m')
      .flatMap((update) => update.candles.map((candle) => candle.timestamp));
    for (let minute = currentMinute - 2 * MINUTE_MS; minute <= currentMinute; minute += MINUTE_MS)
      expect(recoveredMinutes).toContain(minute);
    expect(emitted.some((update) => update.timeframe === '5m' && update.symbol === BTC)).toBe(true);

    // A second pass finds nothing new and still leaves the relayed minute alone.
    expect(await catchUp.run()).toBe(0);
    catchUp.finish();
    expect(apiFeed.queryCandles({ ...query, timeframe: '1m' }).at(-1)).toEqual(relayed);
  }, 120_000);
});

/** Stored candles per series of a base timeframe. */
async function countStoredCandles(database: TestDatabase, timeframe: string): Promise<number[]> {
  const rows = await database.handle.db
    .selectFrom('candles')
    .innerJoin('candle_series', 'candle_series.id', 'candles.series_id')
    .where('candle_series.timeframe', '=', timeframe)
    .groupBy('candle_series.id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .execute();
  return rows.map((row) => Number(row.count));
}
