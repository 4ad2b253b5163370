import type { SentimentField, SentimentMetric } from './sentiment.metrics.ts';

/** A metric's numbers at one instant; only the fields of that metric are present. `null` means "not reported". */
export type SentimentValues = Partial<Record<SentimentField, number | null>>;

/** One sample of one metric for one symbol. */
export interface SentimentRecord {
  /** Start of the sampled period (funding: the funding time), UTC ms. */
  timestamp: number;
  values: SentimentValues;
}

/** One page request to a source: records with `startTime <= timestamp <= endTime`, at most `limit`, oldest first. */
export interface SentimentPageRequest {
  metric: SentimentMetric;
  /** Unified symbol, e.g. `BTC/USDT:USDT`. */
  symbol: string;
  startTime: number;
  endTime: number;
  limit: number;
}

/** Where sentiment records come from: Binance's public endpoints, or the deterministic simulator. */
export interface SentimentSource {
  readonly name: 'binance' | 'sim';
  fetchPage(request: SentimentPageRequest, signal?: AbortSignal): Promise<SentimentRecord[]>;
}
