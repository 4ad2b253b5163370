import type { Candle } from '../candles/candle.types.ts';
import type { BaseTimeframe } from '../candles/timeframes.ts';

/** Raw derivatives figures of one perpetual, as the exchange reports them (the service normalises them). */
export interface DerivativesQuote {
  timestamp: number;
  /** Funding rate for one funding interval (a fraction, not percent). */
  fundingRate: number;
  fundingIntervalHours: number;
  markPrice: number;
  indexPrice: number;
  /** Open interest now, in USD (quote currency). */
  openInterestUsd: number;
  /** Open interest about 24 hours earlier, in USD; undefined when the exchange has no history for it. */
  openInterestUsd24hAgo: number | undefined;
}

export interface CandleBatch {
  symbol: string;
  timeframe: BaseTimeframe;
  /** Ascending; the newest may be in progress. */
  candles: Candle[];
}

export interface LiveCandleHandlers {
  onCandles(batch: CandleBatch): void;
  /** The live connection failed and will be retried; `attempt` counts consecutive failures. */
  onDisconnect(error: unknown, attempt: number): void;
  /** The live connection is (again) delivering; the caller backfills what it may have missed. */
  onConnect(): void;
}

export interface LiveSubscription {
  stop(): Promise<void>;
}

/**
 * One exchange's market data behind one interface: the simulated feed and the real exchanges (through ccxt) both
 * implement it, so the collector, store and routes do not know which one runs.
 */
export interface ExchangeAdapter {
  readonly exchange: string;
  readonly source: 'sim' | 'live';
  /**
   * Candles of a base timeframe whose open time is in [since, until], ascending. Pages and respects rate limits
   * internally; throws on failure after its own retries.
   */
  fetchCandles(symbol: string, timeframe: BaseTimeframe, since: number, until: number): Promise<Candle[]>;
  /** Starts delivering changed base candles of every symbol and timeframe until stopped. */
  watchCandles(
    symbols: readonly string[],
    timeframes: readonly BaseTimeframe[],
    handlers: LiveCandleHandlers,
  ): LiveSubscription;
  fetchDerivatives(symbol: string): Promise<DerivativesQuote>;
  close(): Promise<void>;
}
