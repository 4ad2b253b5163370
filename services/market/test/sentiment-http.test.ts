import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SentimentCollector } from '../src/sentiment/sentiment.collector.ts';
import { SENTIMENT_METRICS } from '../src/sentiment/sentiment.metrics.ts';
import { SimSentimentSource } from '../src/sentiment/sim-sentiment.source.ts';
import { SENTIMENT_SYMBOLS } from '../src/exchanges/symbols.ts';
import { resolveSentimentSymbols } from '../src/sentiment/sentiment.plugin.ts';
import { silentLogger } from './sentiment-test-database.ts';
import { buildFeatureTestApp, type FeatureTestApp } from './stream-test-app.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 7, 0);
const COLLECTED = ['BTC/USDT:USDT', 'ETH/USDT:USDT'];
/** Binance pairs this test's service serves: sentiment covers those of the 19 (two collected, two left empty). */
const SERVED = ['BTC/USDT:USDT', 'ETH/USDT:USDT', 'SOL/USDT:USDT', 'FIL/USDT:USDT'];

interface SentimentPage {
  metric: string;
  symbol: string;
  period: string;
  count: number;
  data: Array<Record<string, number | string | null> & { timestamp: number; datetime: string }>;
}

describe('sentiment HTTP API', () => {
  let harness: FeatureTestApp;

  beforeAll(async () => {
    // An `api` instance does not collect; the test fills the store the way a collector instance would.
    harness = await buildFeatureTestApp({
      env: { MARKET_ROLE: 'api', MARKET_SYMBOLS_BINANCE: SERVED.join(',') },
      now: () => NOW,
    });
    await harness.app.ready();
    expect(harness.app.sentiment.collector).toBeUndefined();
    const collector = new SentimentCollector({
      repository: harness.app.sentiment.repository,
      source: new SimSentimentSource('http-test', () => NOW),
      symbols: COLLECTED,
      now: () => NOW,
      logger: silentLogger,
    });
    expect((await collector.runCycle()).failures).toEqual([]);
  });

  afterAll(async () => {
    await harness?.close();
  });

  async function get(url: string) {
    const response = await harness.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  }

  describe('GET /api/sentiment/latest', () => {
    it('answers the newest record of every metric for BTC by default', async () => {
      const { status, body } = await get('/api/sentiment/latest');
      expect(status).toBe(200);
      expect(body.symbol).toBe('BTC/USDT:USDT');
      expect(Object.keys(body.data).sort()).toEqual([...SENTIMENT_METRICS].sort());
      expect(body.data.taker_buy_sell_ratio).toMatchObject({
        timestamp: Date.UTC(2026, 0, 15, 11, 45),
        datetime: '2026-01-15T11:45:00.000Z',
      });
      expect(Object.keys(body.data.taker_buy_sell_ratio).sort()).toEqual(
        ['buy_sell_ratio', 'buy_vol', 'datetime', 'sell_vol', 'timestamp'].sort(),
      );
      expect(Object.keys(body.data.open_interest_history).sort()).toEqual(
        ['datetime', 'open_interest_amount', 'open_interest_value', 'timestamp'].sort(),
      );
      for (const metric of ['long_short_account_ratio', 'top_long_short_position_ratio']) {
        expect(Object.keys(body.data[metric]).sort()).toEqual(
          ['datetime', 'long_account', 'long_short_ratio', 'short_account', 'timestamp'].sort(),
        );
        expect(body.data[metric].timestamp).toBe(Date.UTC(2026, 0, 15, 11));
      }
      expect(body.data.funding_rate_history).toMatchObject({ timestamp: Date.UTC(2026, 0, 15, 8) });
      expect(typeof body.data.funding_rate_history.funding_rate).toBe('number');
      expect(typeof body.data.funding_rate_history.mark_price).toBe('number');
    });

    it('takes a plain symbol or a binance key, and answers null for a served pair with nothing stored yet', async () => {
      const plain = await get('/api/sentiment/latest?symbol=ETH/USDT:USDT');
      const keyed = await get(`/api/sentiment/latest?symbol=${encodeURIComponent('binance:ETH/USDT:USDT')}`);
      expect(keyed).toEqual(plain);
      expect(plain.body.symbol).toBe('ETH/USDT:USDT');
      const empty = await get('/api/sentiment/latest?symbol=SOL/USDT:USDT');
      expect(empty.status).toBe(200);
      expect(Object.values(empty.body.data)).toEqual([null, null, null, null, null]);
    });

    it('answers null for a field the exchange did not report (early funding records have no mark price)', async () => {
      await harness.app.sentiment.repository.upsertRecords('funding_rate_history', 'FIL/USDT:USDT', [
        { timestamp: Date.UTC(2020, 0, 1), values: { funding_rate: 0.0001, mark_price: null } },
      ]);
      const { body } = await get('/api/sentiment/latest?symbol=FIL/USDT:USDT');
      expect(body.data.funding_rate_history).toEqual({
        timestamp: Date.UTC(2020, 0, 1),
        datetime: '2020-01-01T00:00:00.000Z',
        funding_rate: 0.0001,
        mark_price: null,
      });
      const available = await get('/api/sentiment/available');
      expect(available.body.metrics.funding_rate_history['FIL/USDT:USDT']).toBe(1);
    });

    it('answers 404 for a symbol without sentiment, including other exchanges', async () => {
      // DOGE is one of the 19 but this service does not serve it on Binance (MARKET_SYMBOLS_BINANCE).
      for (const symbol of ['PEPE/USDT:USDT', 'DOGE/USDT:USDT', 'bybit:BTC/USDT:USDT', 'nonsense']) {
        const { status, body } = await get(`/api/sentiment/latest?symbol=${encodeURIComponent(symbol)}`);
        expect(status).toBe(404);
        expect(body).toEqual({ error: 'unknown_symbol', message: expect.any(String) });
      }
    });
  });

  describe('GET /api/sentiment/metrics', () => {
    it('answers the newest 500 records ascending, with the metric period', async () => {
      const { status, body } = await get('/api/sentiment/metrics?metric=taker_buy_sell_ratio');
      expect(status).toBe(200);
      const page = body as SentimentPage;
      expect(page).toMatchObject({
        metric: 'taker_buy_sell_ratio',
        symbol: 'BTC/USDT:USDT',
        period: '15m',
        count: 500,
      });
      expect(page.data).toHaveLength(500);
      expect(page.data.at(-1)?.timestamp).toBe(Date.UTC(2026, 0, 15, 11, 45));
      expect(
        page.data.every(
          (record, index) => index === 0 || record.timestamp > (page.data[index - 1]?.timestamp ?? 0),
        ),
      ).toBe(true);
      expect(page.data[0]?.datetime).toBe(new Date(page.data[0]?.timestamp ?? 0).toISOString());
    });

    it('clamps limit at 2000 and honours smaller limits', async () => {
      const clamped = (await get('/api/sentiment/metrics?metric=funding_rate_history&limit=5000'))
        .body as SentimentPage;
      expect(clamped.count).toBe(2000);
      const small = (await get('/api/sentiment/metrics?metric=funding_rate_history&limit=3'))
        .body as SentimentPage;
      expect(small.count).toBe(3);
      expect(small.data.at(-1)?.timestamp).toBe(clamped.data.at(-1)?.timestamp);
    });

    it('filters by inclusive start and end', async () => {
      const start = Date.UTC(2026, 0, 10, 0);
      const end = Date.UTC(2026, 0, 10, 5);
      const page = (
        await get(
          `/api/sentiment/metrics?metric=long_short_account_ratio&symbol=ETH/USDT:USDT&start=${start}&end=${end}`,
        )
      ).body as SentimentPage;
      expect(page.data.map((record) => record.timestamp)).toEqual(
        [0, 1, 2, 3, 4, 5].map((hour) => start + hour * 3_600_000),
      );
      const fromStart = (
        await get(`/api/sentiment/metrics?metric=long_short_account_ratio&start=${start}&limit=2000`)
      ).body as SentimentPage;
      expect(fromStart.data[0]?.timestamp).toBe(start);
    });

    it('pages through the full funding history with the contract rule (end = first timestamp - 1)', async () => {
      const seen: number[] = [];
      let end: number | undefined;
      for (let pages = 0; pages < 20; pages += 1) {
        const url = `/api/sentiment/metrics?metric=funding_rate_history&limit=2000${end === undefined ? '' : `&end=${end}`}`;
        const page = (await get(url)).body as SentimentPage;
        seen.unshift(...page.data.map((record) => record.timestamp));
        if (page.count < 2000) break;
        end = (page.data[0]?.timestamp ?? 0) - 1;
      }
      const available = (await get('/api/sentiment/available')).body;
      expect(seen).toHaveLength(available.metrics.funding_rate_history['BTC/USDT:USDT']);
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Date(seen[0] ?? 0).toISOString()).toBe('2019-09-10T00:00:00.000Z');
      expect(seen.at(-1)).toBe(Date.UTC(2026, 0, 15, 8));
    });

    it('answers 400 when metric is missing and 404 when it is unknown', async () => {
      expect(await get('/api/sentiment/metrics')).toEqual({
        status: 400,
        body: { error: 'missing_parameter', message: expect.stringContaining('metric') },
      });
      expect(await get('/api/sentiment/metrics?metric=fear_and_greed')).toEqual({
        status: 404,
        body: { error: 'unknown_metric', message: expect.stringContaining('fear_and_greed') },
      });
      expect(
        (await get('/api/sentiment/metrics?metric=funding_rate_history&symbol=DOGE/USD:USD')).status,
      ).toBe(404);
    });

    it('answers 400 for malformed parameters', async () => {
      for (const query of [
        'limit=0',
        'limit=-5',
        'limit=abc',
        'limit=1.5',
        'start=yesterday',
        'end=-1',
        'start=200&end=100',
      ]) {
        const { status, body } = await get(`/api/sentiment/metrics?metric=funding_rate_history&${query}`);
        expect({ query, status }).toEqual({ query, status: 400 });
        expect(body.error).toBe('invalid_parameter');
      }
    });
  });

  describe('GET /api/sentiment/available', () => {
    it('counts stored records per metric and symbol, zero for pairs not collected yet', async () => {
      const { status, body } = await get('/api/sentiment/available');
      expect(status).toBe(200);
      expect(Object.keys(body.metrics).sort()).toEqual([...SENTIMENT_METRICS].sort());
      for (const metric of SENTIMENT_METRICS) {
        expect(Object.keys(body.metrics[metric]).sort()).toEqual([...SERVED].sort());
        expect(body.metrics[metric]['SOL/USDT:USDT']).toBe(0);
        // Counts come from the series summary; they must equal a plain count of the rows.
        const stored = await harness.app.sentiment.repository.findRange({
          metric,
          symbol: 'ETH/USDT:USDT',
          limit: 1_000_000,
        });
        expect(body.metrics[metric]['ETH/USDT:USDT']).toBe(stored.length);
      }
      expect(body.metrics.taker_buy_sell_ratio['BTC/USDT:USDT']).toBeGreaterThanOrEqual(30 * 96 - 4);
      expect(body.metrics.long_short_account_ratio['ETH/USDT:USDT']).toBeGreaterThanOrEqual(30 * 24 - 2);
      expect(body.metrics.funding_rate_history['ETH/USDT:USDT']).toBeGreaterThan(6 * 365 * 3);
    });
  });

  it('covers the 19 pairs by default, narrowed to the Binance pairs the service serves', () => {
    const bothExchanges = {
      exchanges: ['bybit', 'binance'],
      symbolsByExchange: { bybit: [], binance: [...SENTIMENT_SYMBOLS] },
    };
    expect(resolveSentimentSymbols(bothExchanges)).toEqual(SENTIMENT_SYMBOLS);
    expect(SENTIMENT_SYMBOLS).toHaveLength(19);
    const trimmed = {
      exchanges: ['binance'],
      symbolsByExchange: { binance: ['ETH/USDT:USDT', 'PEPE/USDT:USDT', 'BTC/USDT:USDT'] },
    };
    expect(resolveSentimentSymbols(trimmed)).toEqual(['BTC/USDT:USDT', 'ETH/USDT:USDT']);
    // Sentiment comes from Binance's endpoints even when the service serves no Binance candles.
    expect(
      resolveSentimentSymbols({ exchanges: ['bybit'], symbolsByExchange: { bybit: ['BTC/USDT:USDT'] } }),
    ).toEqual(SENTIMENT_SYMBOLS);
  });

  it('documents the three routes in the OpenAPI document', async () => {
    const { body } = await get('/openapi.json');
    for (const path of ['/api/sentiment/latest', '/api/sentiment/metrics', '/api/sentiment/available']) {
      expect(body.paths[path]?.get).toBeDefined();
    }
  });
});
