import type { SentimentField, SentimentMetric } from './sentiment.metrics.ts';
import { SENTIMENT_METRIC_DEFINITIONS } from './sentiment.metrics.ts';
import type { SentimentRecord } from './sentiment.types.ts';

/** The contract's record: `timestamp`, `datetime` and the metric's own fields. */
export type SentimentRecordJson = { timestamp: number; datetime: string } & Partial<
  Record<SentimentField, number | null>
>;

export function toSentimentRecordJson(metric: SentimentMetric, record: SentimentRecord): SentimentRecordJson {
  const json: SentimentRecordJson = {
    timestamp: record.timestamp,
    datetime: new Date(record.timestamp).toISOString(),
  };
  for (const field of SENTIMENT_METRIC_DEFINITIONS[metric].fields) json[field] = record.values[field] ?? null;
  return json;
}
