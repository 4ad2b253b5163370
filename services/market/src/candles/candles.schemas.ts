import { Type } from '@sinclair/typebox';
import { ALL_TIMEFRAMES } from './timeframes.ts';

/** The newest N candles are returned when neither `limit` nor `start` is given. */
export const DEFAULT_CANDLE_LIMIT = 500;
export const MAX_CANDLE_LIMIT = 5000;

export const CandleSchema = Type.Object(
  {
    timestamp: Type.Integer({ description: 'bucket open time, UTC milliseconds' }),
    datetime: Type.String({
      description: 'ISO 8601, UTC, ending in Z',
      examples: ['2025-01-01T00:00:00.000Z'],
    }),
    open: Type.Number(),
    high: Type.Number(),
    low: Type.Number(),
    close: Type.Number(),
    volume: Type.Number({ description: 'traded volume in base units' }),
  },
  { $id: 'Candle', title: 'Candle' },
);

export const CandlesQuerySchema = Type.Object({
  symbol: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'unified symbol (`BTC/USDT:USDT`) or key (`bybit:BTC/USDT:USDT`)',
  }),
  exchange: Type.Optional(
    Type.String({ minLength: 1, maxLength: 32, description: 'default exchange when omitted' }),
  ),
  tf: Type.String({ default: '1m', maxLength: 8, description: `one of: ${ALL_TIMEFRAMES.join(', ')}` }),
  start: Type.Optional(Type.Integer({ minimum: 0, description: 'inclusive lower bound on timestamp, ms' })),
  end: Type.Optional(Type.Integer({ minimum: 0, description: 'inclusive upper bound on timestamp, ms' })),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_CANDLE_LIMIT,
      description: `the newest N candles of the range; default ${DEFAULT_CANDLE_LIMIT} when neither limit nor start is given`,
    }),
  ),
});

export const CandlesResponseSchema = Type.Array(CandleSchema, { description: 'ascending by timestamp' });
