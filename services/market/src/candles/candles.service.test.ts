import { describe, expect, it } from 'vitest';
import { SymbolCatalog } from '../catalog/symbol-catalog.ts';
import type { CandleQuery } from './candle.types.ts';
import { CandleSeries } from './candle-series.ts';
import { findCandles } from './candles.service.ts';
import type { MarketFeed } from './market-feed.ts';

const catalog = new SymbolCatalog({
  exchanges: ['bybit', 'binance'],
  defaultExchange: 'bybit',
  symbolsByExchange: { bybit: ['BTC/USDT:USDT'], binance: ['BTC/USDT:USDT'] },
});

/** A feed over one long series, recording the queries it receives. */
function createFeedStub(rows: number): { feed: Pick<MarketFeed, 'selectCandles'>; queries: CandleQuery[] } {
  const series = CandleSeries.fromCandles(
    Array.from({ length: rows }, (_, index) => ({
      timestamp: index * 60_000,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 1,
    })),
  );
  const queries: CandleQuery[] = [];
  const feed: Pick<MarketFeed, 'selectCandles'> = {
    selectCandles(query) {
      queries.push(query);
      let from = query.start === undefined ? 0 : series.lowerBound(query.start);
      const to = query.end === undefined ? series.length : series.upperBound(query.end);
      if (query.limit !== undefined) from = Math.max(from, to - query.limit);
      return { columns: series.columns(), from, to, seriesId: series.id, revision: series.revision };
    },
  };
  return { feed, queries };
}

describe('findCandles', () => {
  it('asks for the newest 500 when neither limit nor start is given', () => {
    const { feed, queries } = createFeedStub(10_000);
    const found = findCandles(feed, catalog, { symbol: 'BTC/USDT:USDT', timeframe: '1m' });
    expect(queries[0]).toMatchObject({ exchange: 'bybit', limit: 500 });
    expect(found.to - found.from).toBe(500);
    expect(found.to).toBe(10_000);
  });

  it('returns the first 5000 of a longer range from start when no limit is given', () => {
    const { feed, queries } = createFeedStub(10_000);
    const found = findCandles(feed, catalog, {
      symbol: 'binance:BTC/USDT:USDT',
      timeframe: '1m',
      start: 60_000,
    });
    expect(queries[0]).toEqual({
      exchange: 'binance',
      symbol: 'BTC/USDT:USDT',
      timeframe: '1m',
      start: 60_000,
    });
    expect([found.from, found.to]).toEqual([1, 5001]);
  });

  it('passes an explicit limit through, with or without start', () => {
    const { feed, queries } = createFeedStub(100);
    findCandles(feed, catalog, {
      symbol: 'BTC/USDT:USDT',
      timeframe: '5m',
      start: 0,
      end: 600_000,
      limit: 3,
    });
    expect(queries[0]).toEqual({
      exchange: 'bybit',
      symbol: 'BTC/USDT:USDT',
      timeframe: '5m',
      start: 0,
      end: 600_000,
      limit: 3,
    });
  });
});
