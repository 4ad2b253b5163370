import type { Candle, CandleQuery, CandleUpdate } from './candle.types.ts';

export type { Candle, CandleJson, CandleQuery, CandleUpdate } from './candle.types.ts';
export { toCandleJson } from './candle.types.ts';

/**
 * What the rest of the service (HTTP routes, the WebSocket stream) reads candles through. The implementation keeps
 * the newest history of every series in memory, so nothing here touches the database or the network.
 */
export interface CandleFeed {
  /**
   * Newest-last candles, base or derived, from memory. Throws `AppError` with code `unknown_exchange`,
   * `unknown_symbol`, `invalid_timeframe` or `exchange_not_ready`.
   */
  queryCandles(query: CandleQuery): Candle[];
  /** Fires for every changed base candle AND for every derived candle that changed because of it. Returns an unsubscribe function. */
  onUpdate(listener: (update: CandleUpdate) => void): () => void;
  isReady(exchange: string): boolean;
}
