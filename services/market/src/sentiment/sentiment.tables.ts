import type { SentimentField } from './sentiment.metrics.ts';

/** Row of `sentiment_records` (migration 0100): one record of one metric; the metric's own columns are set. */
export type SentimentRecordRow = {
  metric: string;
  symbol: string;
  ts: number;
} & Record<SentimentField, number | null>;

/** Row of `sentiment_series` (migration 0101): the stored extent of one series. */
export interface SentimentSeriesRow {
  metric: string;
  symbol: string;
  record_count: number;
  newest_ts: number;
}

// The feature adds its tables to the service's one database type, so repositories use the app's own Kysely handle.
declare module '../db/tables.ts' {
  interface MarketDatabase {
    sentiment_records: SentimentRecordRow;
    sentiment_series: SentimentSeriesRow;
  }
}
