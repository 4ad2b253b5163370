import { Type } from '@sinclair/typebox';

export const SymbolEntrySchema = Type.Object(
  {
    exchange: Type.String(),
    symbol: Type.String({ examples: ['BTC/USDT:USDT'] }),
    key: Type.String({
      description: '`<exchange>:<symbol>`; accepted as `symbol` anywhere',
      examples: ['bybit:BTC/USDT:USDT'],
    }),
    is_default_exchange: Type.Boolean(),
  },
  { $id: 'SymbolEntry', title: 'SymbolEntry' },
);

const StringList = Type.Array(Type.String());

export const HealthSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('starting'), Type.Literal('degraded')], {
      description:
        '`ok` when every exchange is ready; `starting` before any is; `degraded` when some are not',
    }),
    exchange: Type.String({ description: 'default exchange' }),
    symbols: StringList,
    exchanges: StringList,
    symbols_by_exchange: Type.Record(Type.String(), StringList),
    symbol_list: Type.Array(SymbolEntrySchema),
    base_timeframes: StringList,
    derived_timeframes: StringList,
    timeframes: StringList,
    ready: Type.Boolean(),
    ready_by_exchange: Type.Record(Type.String(), Type.Boolean()),
    source: Type.Union([Type.Literal('sim'), Type.Literal('live')], {
      description: 'which data source runs',
    }),
    role: Type.Union([Type.Literal('all'), Type.Literal('collector'), Type.Literal('api')]),
  },
  { $id: 'Health', title: 'Health' },
);

export const LivenessSchema = Type.Object(
  { status: Type.Literal('ok') },
  { $id: 'Liveness', title: 'Liveness' },
);

export const SymbolsSchema = Type.Object(
  {
    default_exchange: Type.String(),
    exchanges: Type.Array(
      Type.Object({
        exchange: Type.String(),
        symbols: StringList,
        count: Type.Integer(),
        base_timeframes: StringList,
        ready: Type.Boolean(),
      }),
    ),
    symbols: Type.Array(SymbolEntrySchema),
    count: Type.Integer(),
  },
  { $id: 'Symbols', title: 'Symbols' },
);

export const TimeframesSchema = Type.Object(
  {
    base_timeframes: StringList,
    derived_timeframes: StringList,
    timeframes: StringList,
    derived_by_base: Type.Record(Type.String(), StringList, {
      description: 'derived timeframes per base timeframe',
    }),
  },
  { $id: 'Timeframes', title: 'Timeframes' },
);
