import type { Generated } from 'kysely';

/** One stored series: an exchange, a symbol and a base timeframe. Candles refer to it by id to keep rows small. */
export interface CandleSeriesTable {
  id: Generated<number>;
  exchange: string;
  symbol: string;
  timeframe: string;
}

/** One base candle; primary key (series_id, ts), so an upsert on (exchange, symbol, timeframe, open time). */
export interface CandleTable {
  series_id: number;
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Tables of the candle store. Feature folders add their own interfaces and migrations. */
export interface MarketDatabase {
  candle_series: CandleSeriesTable;
  candles: CandleTable;
}
