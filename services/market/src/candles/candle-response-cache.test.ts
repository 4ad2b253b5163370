import { describe, expect, it } from 'vitest';
import { CandleResponseCache } from './candle-response-cache.ts';
import { CandleSeries } from './candle-series.ts';

const candle = (timestamp: number, close: number) => ({
  timestamp,
  open: 1,
  high: 9,
  low: 0.5,
  close,
  volume: 1,
});

describe('CandleResponseCache', () => {
  it('reuses an answer until the series changes, and never serves a stale one', () => {
    const series = CandleSeries.fromCandles([candle(0, 1), candle(60_000, 2)]);
    const cache = new CandleResponseCache(1 << 20);
    let serialized = 0;
    const answer = (): string => {
      const selection = {
        columns: series.columns(),
        from: 0,
        to: series.length,
        seriesId: series.id,
        revision: series.revision,
      };
      return cache
        .getOrCreate(selection, () => {
          serialized += 1;
          return JSON.stringify(series.slice(0, series.length));
        })
        .toString('utf8');
    };
    const first = answer();
    expect(answer()).toBe(first);
    expect(serialized).toBe(1);
    series.upsert(candle(60_000, 3));
    expect(JSON.parse(answer())[1].close).toBe(3);
    series.trimBefore(60_000);
    expect(JSON.parse(answer())).toHaveLength(1);
    expect(serialized).toBe(3);
  });

  it('stays within its byte budget', () => {
    const cache = new CandleResponseCache(1000);
    const series = CandleSeries.fromCandles([candle(0, 1)]);
    for (let index = 0; index < 50; index += 1) {
      series.upsert(candle(0, index));
      cache.getOrCreate(
        { columns: series.columns(), from: 0, to: 1, seriesId: series.id, revision: series.revision },
        () => 'x'.repeat(200),
      );
    }
    expect(cache.size).toBeLessThanOrEqual(1000);
  });
});
