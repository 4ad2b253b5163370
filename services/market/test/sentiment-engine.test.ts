import { describe, expect, it } from 'vitest';
import { parseBinanceSentiment, WireFormatError } from '../src/sentiment/binance-sentiment.wire.ts';
import { RequestBudget } from '../src/sentiment/request-budget.ts';
import { computeBackoffDelay } from '../src/sentiment/retry-policy.ts';
import {
  findHistoryStart,
  FUNDING_HISTORY_START_MS,
  SENTIMENT_METRIC_DEFINITIONS,
  SENTIMENT_METRICS,
  toBinanceMarketId,
} from '../src/sentiment/sentiment.metrics.ts';
import { computeNextRefreshAt } from '../src/sentiment/sentiment.schedule.ts';
import {
  SIM_FUNDING_START_MS,
  SimSentimentSource,
  simulateValues,
} from '../src/sentiment/sim-sentiment.source.ts';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 0, 15, 12, 7, 0);

describe('Binance wire format', () => {
  it('parses the documented takerlongshortRatio body (numbers as strings)', () => {
    const body = [
      { buySellRatio: '1.5586', buyVol: '387.3300', sellVol: '248.5030', timestamp: 1585614900000 },
      { buySellRatio: '1.1603', buyVol: '298.2800', sellVol: '257.0660', timestamp: 1585614000000 },
    ];
    const records = parseBinanceSentiment('taker_buy_sell_ratio', body);
    expect(records).toEqual([
      { timestamp: 1585614000000, values: { buy_sell_ratio: 1.1603, buy_vol: 298.28, sell_vol: 257.066 } },
      { timestamp: 1585614900000, values: { buy_sell_ratio: 1.5586, buy_vol: 387.33, sell_vol: 248.503 } },
    ]);
  });

  it('maps openInterestHist and the two long/short ratio endpoints', () => {
    expect(
      parseBinanceSentiment('open_interest_history', [
        {
          symbol: 'BTCUSDT',
          sumOpenInterest: '20403.63700000',
          sumOpenInterestValue: '150570784.07809979',
          timestamp: 1583127900000,
        },
      ]),
    ).toEqual([
      {
        timestamp: 1583127900000,
        values: { open_interest_amount: 20403.637, open_interest_value: 150570784.07809979 },
      },
    ]);
    const ratio = [
      {
        symbol: 'BTCUSDT',
        longShortRatio: '0.1960',
        longAccount: '0.6622',
        shortAccount: '0.3378',
        timestamp: 1583139600000,
      },
    ];
    for (const metric of ['long_short_account_ratio', 'top_long_short_position_ratio'] as const) {
      expect(parseBinanceSentiment(metric, ratio)[0]?.values).toEqual({
        long_account: 0.6622,
        short_account: 0.3378,
        long_short_ratio: 0.196,
      });
    }
  });

  it('reads fundingTime and keeps an empty markPrice (early records) as null', () => {
    const records = parseBinanceSentiment('funding_rate_history', [
      { symbol: 'BTCUSDT', fundingRate: '-0.03750000', fundingTime: 1570608000000, markPrice: '' },
      {
        symbol: 'BTCUSDT',
        fundingRate: '0.00010000',
        fundingTime: 1570636800000,
        markPrice: '8290.12000000',
      },
    ]);
    expect(records).toEqual([
      { timestamp: 1570608000000, values: { funding_rate: -0.0375, mark_price: null } },
      { timestamp: 1570636800000, values: { funding_rate: 0.0001, mark_price: 8290.12 } },
    ]);
  });

  it('rejects bodies that are not the documented shape', () => {
    expect(() =>
      parseBinanceSentiment('funding_rate_history', { code: -1121, msg: 'Invalid symbol.' }),
    ).toThrow(WireFormatError);
    expect(() => parseBinanceSentiment('taker_buy_sell_ratio', [{ buySellRatio: '1.0' }])).toThrow(
      /timestamp/,
    );
    expect(() =>
      parseBinanceSentiment('taker_buy_sell_ratio', [{ buySellRatio: 'abc', timestamp: 1 }]),
    ).toThrow(/buySellRatio/);
  });
});

describe('metric table', () => {
  it('describes the five contract metrics with their periods', () => {
    expect(SENTIMENT_METRICS.map((metric) => SENTIMENT_METRIC_DEFINITIONS[metric].period)).toEqual([
      '15m',
      '15m',
      '1h',
      '1h',
      '8h',
    ]);
    expect(toBinanceMarketId('BTC/USDT:USDT')).toBe('BTCUSDT');
  });

  it('starts rolling series inside the 30-day window and funding in September 2019', () => {
    const taker = findHistoryStart(SENTIMENT_METRIC_DEFINITIONS.taker_buy_sell_ratio, NOW);
    expect(taker).toBeGreaterThan(NOW - 30 * DAY_MS);
    expect(taker % (15 * 60_000)).toBe(0);
    expect(taker - (NOW - 30 * DAY_MS)).toBeLessThanOrEqual(30 * 60_000);
    expect(findHistoryStart(SENTIMENT_METRIC_DEFINITIONS.funding_rate_history, NOW)).toBe(
      FUNDING_HISTORY_START_MS,
    );
  });
});

describe('refresh schedule', () => {
  it('fires on the quarter hour plus the delay', () => {
    const at = (h: number, m: number, s = 0) => Date.UTC(2026, 0, 15, h, m, s);
    expect(computeNextRefreshAt(at(12, 7), 15 * 60_000, 20_000)).toBe(at(12, 15, 20));
    expect(computeNextRefreshAt(at(12, 15, 5), 15 * 60_000, 20_000)).toBe(at(12, 15, 20));
    expect(computeNextRefreshAt(at(12, 15, 20), 15 * 60_000, 20_000)).toBe(at(12, 30, 20));
    expect(computeNextRefreshAt(at(12, 59, 59), 15 * 60_000, 20_000)).toBe(at(13, 0, 20));
  });
});

describe('retry back-off', () => {
  const policy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 8000 };

  it('doubles per attempt, jitters the upper half and caps', () => {
    expect(computeBackoffDelay(policy, 1, 0, () => 0)).toBe(500);
    expect(computeBackoffDelay(policy, 1, 0, () => 1)).toBe(1000);
    expect(computeBackoffDelay(policy, 3, 0, () => 1)).toBe(4000);
    expect(computeBackoffDelay(policy, 10, 0, () => 1)).toBe(8000);
  });

  it('never waits less than Retry-After', () => {
    expect(computeBackoffDelay(policy, 1, 30_000, () => 0)).toBe(30_000);
  });
});

describe('request budget', () => {
  it('holds the third request of a two-per-window budget until the window slides', async () => {
    const budget = new RequestBudget({ limit: 2, windowMs: 150 });
    const started = performance.now();
    // The first two are granted at once, before any timer can run.
    let granted = 0;
    const firstTwo = Promise.all([budget.acquire(), budget.acquire()]).then(() => (granted = 2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toBe(2);
    await firstTwo;
    expect(budget.used()).toBe(2);
    await budget.acquire();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('waits out a pause (Retry-After) for every caller', async () => {
    const budget = new RequestBudget({ limit: 100, windowMs: 1000 });
    budget.pauseUntil(Date.now() + 120);
    const started = performance.now();
    await Promise.all([budget.acquire(), budget.acquire()]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});

describe('simulated source', () => {
  const source = new SimSentimentSource('seed-a', () => NOW);

  it('is deterministic per seed and differs between seeds and symbols', () => {
    const a = simulateValues('seed-a', 'funding_rate_history', 'BTC/USDT:USDT', Date.UTC(2024, 0, 1));
    expect(simulateValues('seed-a', 'funding_rate_history', 'BTC/USDT:USDT', Date.UTC(2024, 0, 1))).toEqual(
      a,
    );
    expect(
      simulateValues('seed-b', 'funding_rate_history', 'BTC/USDT:USDT', Date.UTC(2024, 0, 1)),
    ).not.toEqual(a);
    expect(
      simulateValues('seed-a', 'funding_rate_history', 'ETH/USDT:USDT', Date.UTC(2024, 0, 1)),
    ).not.toEqual(a);
  });

  it('has the contract depths: 30 days of 15m and 1h, funding every 8h from September 2019', async () => {
    const all = { symbol: 'BTC/USDT:USDT', startTime: 0, endTime: NOW, limit: 1_000_000 };
    const taker = await source.fetchPage({ ...all, metric: 'taker_buy_sell_ratio' });
    expect(taker.length).toBeGreaterThanOrEqual(30 * 96 - 4);
    expect(taker.length).toBeLessThanOrEqual(30 * 96);
    const hourly = await source.fetchPage({ ...all, metric: 'top_long_short_position_ratio' });
    expect(hourly.length).toBeGreaterThanOrEqual(30 * 24 - 2);
    const funding = await source.fetchPage({ ...all, metric: 'funding_rate_history' });
    expect(funding[0]?.timestamp).toBe(SIM_FUNDING_START_MS);
    expect(new Date(SIM_FUNDING_START_MS).toISOString()).toBe('2019-09-10T00:00:00.000Z');
    expect(funding.at(-1)?.timestamp).toBe(Date.UTC(2026, 0, 15, 8));
    expect(
      funding.every(
        (record, index) =>
          index === 0 || record.timestamp - (funding[index - 1]?.timestamp ?? 0) === 8 * 3_600_000,
      ),
    ).toBe(true);
  });

  it('produces plausible values', async () => {
    const ratios = await source.fetchPage({
      metric: 'long_short_account_ratio',
      symbol: 'ETH/USDT:USDT',
      startTime: 0,
      endTime: NOW,
      limit: 10_000,
    });
    for (const { values } of ratios) {
      const long = values.long_account ?? 0;
      const short = values.short_account ?? 0;
      expect(long + short).toBeCloseTo(1, 3);
      expect(values.long_short_ratio).toBeCloseTo(long / short, 3);
    }
    const funding = await source.fetchPage({
      metric: 'funding_rate_history',
      symbol: 'BTC/USDT:USDT',
      startTime: 0,
      endTime: NOW,
      limit: 10_000,
    });
    for (const { values } of funding) {
      expect(Math.abs(values.funding_rate ?? 1)).toBeLessThan(0.003);
      expect(values.mark_price).toBeGreaterThan(10_000);
    }
  });

  it('publishes a 15-minute period only after it closes', async () => {
    const page = await source.fetchPage({
      metric: 'open_interest_history',
      symbol: 'BTC/USDT:USDT',
      startTime: NOW - 3_600_000,
      endTime: NOW,
      limit: 500,
    });
    expect(page.at(-1)?.timestamp).toBe(Date.UTC(2026, 0, 15, 11, 45));
  });
});
