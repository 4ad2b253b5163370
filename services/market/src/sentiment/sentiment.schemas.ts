import { type Static, Type } from '@sinclair/typebox';
import { SENTIMENT_FIELDS, SENTIMENT_METRICS } from './sentiment.metrics.ts';

const SymbolParam = Type.String({
  description: 'Unified symbol (default BTC/USDT:USDT), or its binance key `binance:BTC/USDT:USDT`',
  examples: ['BTC/USDT:USDT'],
});
const TimeParam = (description: string) => Type.Integer({ minimum: 0, description });

export const SentimentLatestQuery = Type.Object({ symbol: Type.Optional(SymbolParam) });
export type SentimentLatestQuery = Static<typeof SentimentLatestQuery>;

export const SentimentMetricsQuery = Type.Object({
  metric: Type.Optional(
    Type.String({
      description: `Required; one of ${SENTIMENT_METRICS.join(', ')}`,
      examples: ['funding_rate_history'],
    }),
  ),
  symbol: Type.Optional(SymbolParam),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'Newest N records of the range; default 500, values above 2000 count as 2000',
    }),
  ),
  start: Type.Optional(TimeParam('Inclusive lower bound, UTC ms')),
  end: Type.Optional(TimeParam('Inclusive upper bound, UTC ms')),
});
export type SentimentMetricsQuery = Static<typeof SentimentMetricsQuery>;

// `type: [number, null]` rather than anyOf: the response serializer writes it directly instead of validating each
// value against both branches (2000 records × several fields a page).
const NullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });

export const SentimentRecordSchema = Type.Object(
  {
    timestamp: Type.Integer({ description: 'UTC ms' }),
    datetime: Type.String({ description: 'ISO 8601, UTC' }),
    ...Object.fromEntries(SENTIMENT_FIELDS.map((field) => [field, Type.Optional(NullableNumber)])),
  },
  { description: "One record; carries the metric's own fields only" },
);

const MetricKeyed = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) =>
  Type.Object(Object.fromEntries(SENTIMENT_METRICS.map((metric) => [metric, schema])));

export const SentimentLatestResponse = Type.Object({
  symbol: Type.String(),
  data: MetricKeyed(Type.Union([SentimentRecordSchema, Type.Null()])),
});

export const SentimentMetricsResponse = Type.Object({
  metric: Type.String(),
  symbol: Type.String(),
  period: Type.String(),
  count: Type.Integer(),
  data: Type.Array(SentimentRecordSchema),
});

export const SentimentAvailableResponse = Type.Object({
  metrics: MetricKeyed(Type.Record(Type.String(), Type.Integer())),
});

export const ErrorResponse = Type.Object({ error: Type.String(), message: Type.String() });
