import { Type } from '@sinclair/typebox';

export const DerivativesQuerySchema = Type.Object({
  symbol: Type.String({
    minLength: 1,
    maxLength: 64,
    default: 'BTC/USDT:USDT',
    description: 'symbol or key',
  }),
  exchange: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
});

export const DerivativesSnapshotSchema = Type.Object(
  {
    exchange: Type.String(),
    symbol: Type.String(),
    timestamp: Type.Integer({ description: 'ms' }),
    datetime: Type.String(),
    funding_rate: Type.Number({
      description: 'current funding rate per 8 hours (fraction, e.g. 0.0001 = 0.01 %)',
    }),
    open_interest: Type.Number({ description: 'open interest in USD' }),
    oi_change_pct: Type.Union([Type.Number(), Type.Null()], {
      description: '24-hour open-interest change, percent; null when the exchange has no value from 24 h ago',
    }),
    basis: Type.Number({
      description:
        'annualised basis, percent: (mark − index) / index × (365 × 24 / funding interval hours) × 100',
    }),
    funding_interval_hours: Type.Number({ description: 'the exchange funding interval of this symbol' }),
    funding_rate_raw: Type.Number({
      description: 'funding rate per funding interval, as the exchange reports it',
    }),
    mark_price: Type.Number(),
    index_price: Type.Number(),
  },
  { $id: 'DerivativesSnapshot', title: 'DerivativesSnapshot' },
);
