/** One OHLCV candle; `timestamp` is the bucket's open time in UTC milliseconds. */
export interface Candle {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Candles of one series that changed, base or derived, ascending by timestamp. */
export interface CandleUpdate {
  exchange: string;
  symbol: string;
  /** Base or derived timeframe. */
  timeframe: string;
  /** Changed candles, ascending. */
  candles: Candle[];
}

export interface CandleQuery {
  exchange: string;
  symbol: string;
  timeframe: string;
  /** Inclusive lower bound on `timestamp`, ms. */
  start?: number;
  /** Inclusive upper bound on `timestamp`, ms. */
  end?: number;
  /** Keep only the newest N candles of the range. */
  limit?: number;
}

/** The contract's Candle shape, as sent over HTTP and WebSocket. */
export interface CandleJson {
  timestamp: number;
  datetime: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export function toCandleJson(candle: Candle): CandleJson {
  return {
    timestamp: candle.timestamp,
    datetime: new Date(candle.timestamp).toISOString(),
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
    volume: candle.volume,
  };
}
