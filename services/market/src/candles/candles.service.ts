import type { SymbolCatalog } from '../catalog/symbol-catalog.ts';
import { AppError } from '../errors/app-error.ts';
import { DEFAULT_CANDLE_LIMIT, MAX_CANDLE_LIMIT } from './candles.schemas.ts';
import type { CandleSelection, MarketFeed } from './market-feed.ts';

export interface FindCandlesOptions {
  symbol: string;
  exchange?: string | undefined;
  timeframe: string;
  start?: number | undefined;
  end?: number | undefined;
  limit?: number | undefined;
}

export interface FoundCandles extends CandleSelection {
  exchange: string;
  symbol: string;
}

/**
 * The /api/candles use case: resolves the symbol (plain or key) and exchange, then selects from memory. Without
 * `limit` and `start`, the newest 500; with `start` and no `limit`, the range from `start`, at most 5000 candles
 * (the first 5000, so a client can page forward with `start` = last timestamp + 1).
 */
export function findCandles(
  feed: Pick<MarketFeed, 'selectCandles'>,
  catalog: SymbolCatalog,
  options: FindCandlesOptions,
): FoundCandles {
  const { exchange, symbol } = catalog.resolve(options.symbol, options.exchange);
  const { start, end, limit, timeframe } = options;
  if (start !== undefined && end !== undefined && start > end) {
    throw new AppError('invalid_parameter', 'start must not be after end');
  }
  const effectiveLimit = limit ?? (start === undefined ? DEFAULT_CANDLE_LIMIT : undefined);
  const selection = feed.selectCandles({
    exchange,
    symbol,
    timeframe,
    ...(start === undefined ? {} : { start }),
    ...(end === undefined ? {} : { end }),
    ...(effectiveLimit === undefined ? {} : { limit: effectiveLimit }),
  });
  const to = Math.min(selection.to, selection.from + MAX_CANDLE_LIMIT);
  return { ...selection, to, exchange, symbol };
}
