import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketFeed } from '../src/candles/market-feed.ts';
import { openTestDatabase, type TestDatabase } from './sentiment-test-database.ts';
import { buildFeatureTestApp, type FeatureTestApp } from './stream-test-app.ts';
import { StreamTestClient } from './stream-test-client.ts';

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
    await waitForAsync(
      async () => {
        stored = await countStoredCandles(database, '1m');
        return (
          collectorFeed.persistenceBacklog === 0 &&
          stored.length === 3 &&
          stored.every((count) => count >= 1440)
        );
      },
      // Seconds on a quiet machine; CI's loaded machine once needed more than 15.
      60_000,
      () =>
        `1m candles stored per series: ${JSON.stringify(stored)}, backlog ${collectorFeed.persistenceBacklog}`,
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
    await waitForAsync(
      async () =>
        clients.every((client) => ['1m', '5m'].every((tf) => klinesOf(client, tf).length >= MIN_KLINES)),
      30_000,
      () => `klines so far: ${clients.map((client) => client.rawMessages.length).join(', ')}`,
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
});

async function waitForAsync(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  describeState: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met in time ${describeState()}`.trim());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once `signature` has not changed for `quietMs`. */
async function waitUntilQuiet(signature: () => string, quietMs: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = signature();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error('messages kept arriving');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const current = signature();
    if (current !== last) {
      last = current;
      since = Date.now();
    }
  }
}

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
