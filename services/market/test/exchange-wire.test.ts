import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CcxtExchangeAdapter } from '../src/exchanges/live/live-exchange.adapter.ts';
import { TEST_NOW } from './build-test-app.ts';
import { FakeExchange } from './fake-exchange/fake-exchange.ts';

interface RecordedEntry {
  method: string;
  description: string;
  input: unknown[];
  httpResponse: unknown;
}

const recorded: { bybit: RecordedEntry[]; binance: RecordedEntry[] } = JSON.parse(
  readFileSync(
    new URL('./fixtures/exchange-wire/ccxt-static-responses-binance-bybit.json', import.meta.url),
    'utf8',
  ),
);

function findRecorded(exchange: 'bybit' | 'binance', description: string): RecordedEntry {
  const entry = recorded[exchange].find((candidate) => candidate.description === description);
  if (!entry) throw new Error(`no recorded ${exchange} entry "${description}"`);
  return entry;
}

let fake: FakeExchange;
beforeAll(async () => {
  fake = new FakeExchange({ now: () => TEST_NOW, symbols: ['BTC/USDT:USDT'] });
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

const adapterFor = (exchange: string): CcxtExchangeAdapter =>
  new CcxtExchangeAdapter({
    exchange,
    apiBaseUrl: fake.url,
    timeoutMs: 1000,
    pollIntervalMs: 60_000,
    now: () => TEST_NOW,
  });

describe('live adapter on recorded exchange responses', () => {
  it('parses a recorded Bybit linear kline page (newest first, strings) into ascending candles', async () => {
    const entry = findRecorded('bybit', 'swap ohlcv with since and limit');
    fake.replayNext('bybit', '/v5/market/kline', entry.httpResponse);
    const adapter = adapterFor('bybit');
    const candles = await adapter.fetchCandles('BTC/USDT:USDT', '1h', 1706630400000, 1706637600000);
    await adapter.close();
    expect(candles).toEqual([
      {
        timestamp: 1706630400000,
        open: 43350.7,
        high: 43492.5,
        low: 43204.5,
        close: 43488,
        volume: 1341.261,
      },
      {
        timestamp: 1706634000000,
        open: 43488,
        high: 43579.5,
        low: 43286.8,
        close: 43376.1,
        volume: 3199.431,
      },
      {
        timestamp: 1706637600000,
        open: 43376.1,
        high: 43474.1,
        low: 43264.8,
        close: 43352.8,
        volume: 1575.305,
      },
    ]);
  });

  it('parses a recorded Binance USDⓈ-M kline page', async () => {
    const entry = findRecorded('binance', 'swap ohlcv (USD-M)');
    fake.replayNext('binance', '/fapi/v1/klines', entry.httpResponse);
    const adapter = adapterFor('binance');
    const candles = await adapter.fetchCandles('BTC/USDT:USDT', '1m', 1712738460000, 1712738580000);
    await adapter.close();
    expect(candles.map((candle) => [candle.timestamp, candle.open, candle.low, candle.volume])).toEqual([
      [1712738460000, 71481.9, 71481.9, 0.002],
      [1712738520000, 71471, 70459.4, 0.12],
      [1712738580000, 71470.7, 70459.4, 1.542],
    ]);
  });

  it('answers in the recorded shapes itself', async () => {
    const keysOf = (value: unknown): string[] =>
      value && typeof value === 'object' ? Object.keys(value).sort() : [];
    const bybitKline = findRecorded('bybit', 'swap ohlcv with since and limit').httpResponse;
    const ours = await (
      await fetch(`${fake.url}/v5/market/kline?category=linear&symbol=BTCUSDT&interval=60&limit=3`)
    ).json();
    expect(keysOf(ours)).toEqual(keysOf(bybitKline));
    const recordedRow = (bybitKline as { result: { list: unknown[][] } }).result.list[0] ?? [];
    const ourRow = (ours as { result: { list: unknown[][] } }).result.list[0] ?? [];
    expect(ourRow.map((cell) => typeof cell)).toEqual(recordedRow.map((cell) => typeof cell));

    const bybitTicker = findRecorded('bybit', 'fetchFundingRate').httpResponse as {
      result: { list: object[] };
    };
    const ourTicker = (await (
      await fetch(`${fake.url}/v5/market/tickers?category=linear&symbol=BTCUSDT`)
    ).json()) as {
      result: { list: object[] };
    };
    for (const key of [
      'symbol',
      'markPrice',
      'indexPrice',
      'fundingRate',
      'openInterest',
      'openInterestValue',
      'prevPrice24h',
    ]) {
      expect(keysOf(bybitTicker.result.list[0])).toContain(key);
      expect(keysOf(ourTicker.result.list[0])).toContain(key);
    }

    const binanceKline = findRecorded('binance', 'swap ohlcv (USD-M)').httpResponse as unknown[][];
    const ourBinance = (await (
      await fetch(`${fake.url}/fapi/v1/klines?symbol=BTCUSDT&interval=1m&limit=3`)
    ).json()) as unknown[][];
    expect(ourBinance[0]?.map((cell) => typeof cell)).toEqual(binanceKline[0]?.map((cell) => typeof cell));
  });
});
