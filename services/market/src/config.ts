import { ConfigError, isPostgresUrl, loadConfig } from '@app/service-kit';
import { type Static, Type } from '@sinclair/typebox';
import { DEFAULT_SYMBOLS_BY_EXCHANGE, isWellFormedSymbol } from './exchanges/symbols.ts';

/** Exchanges the service has adapters for (sim and live). */
export const SUPPORTED_EXCHANGES = ['bybit', 'binance'] as const;

/** The one config schema: keys are environment variables, and it is also the type. */
export const MarketConfigSchema = Type.Object({
  MARKET_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8081 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  MARKET_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Read only when MARKET_DATABASE_URL is unset, so the service can be started on its own with DATABASE_URL. */
  DATABASE_URL: Type.Optional(Type.String()),
  MARKET_SQLITE_FILE: Type.String({ minLength: 1, default: './data/market.sqlite' }),
  MARKET_SOURCE: Type.Union([Type.Literal('sim'), Type.Literal('live')], { default: 'sim' }),
  MARKET_DEFAULT_EXCHANGE: Type.String({ default: 'bybit' }),
  MARKET_EXCHANGES: Type.String({ pattern: '^[a-z]+(,[a-z]+)*$', default: 'bybit,binance' }),
  /** Comma lists of unified symbols; empty means the built-in list (exchanges/symbols.ts). */
  MARKET_SYMBOLS_BYBIT: Type.Optional(Type.String()),
  MARKET_SYMBOLS_BINANCE: Type.Optional(Type.String()),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** `collector` fetches and stores, `api` serves, `all` does both (issue 9 fans updates out through Redis). */
  MARKET_ROLE: Type.Union([Type.Literal('all'), Type.Literal('collector'), Type.Literal('api')], {
    default: 'all',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  /** History kept (in memory and backfilled) per base timeframe; sim generates exactly this. */
  MARKET_HISTORY_1M_DAYS: Type.Number({ exclusiveMinimum: 0, maximum: 366, default: 30 }),
  MARKET_HISTORY_1H_DAYS: Type.Number({ exclusiveMinimum: 0, maximum: 3660, default: 730 }),
  /** 1d and 1w history starts here (UTC date). */
  MARKET_HISTORY_SINCE: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', default: '2019-01-01' }),
  /** How often the sim feed moves the live candles. */
  MARKET_SIM_TICK_MS: Type.Integer({ minimum: 100, default: 2000 }),
  /** Seed of the deterministic sim price paths; change it to get another (equally reproducible) market. */
  MARKET_SIM_SEED: Type.String({ minLength: 1, default: 'market-sim-v1' }),
  /** Live mode: how often the newest candles are polled (ms). */
  MARKET_LIVE_POLL_MS: Type.Integer({ minimum: 50, default: 10_000 }),
  /** Live mode: another origin for an exchange's API (a proxy, a testnet, a local fake exchange). */
  MARKET_BYBIT_API_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  MARKET_BINANCE_API_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
});

export type MarketConfig = Static<typeof MarketConfigSchema>;

/** What the config means once the comma lists are parsed and cross-checked. */
export interface MarketSettings {
  exchanges: string[];
  defaultExchange: string;
  symbolsByExchange: Record<string, string[]>;
  databaseUrl: string | undefined;
  historySinceMs: number;
}

export function loadMarketConfig(env: Record<string, string | undefined> = process.env): MarketConfig {
  const config = loadConfig(MarketConfigSchema, env);
  resolveMarketSettings(config);
  return config;
}

/** Throws ConfigError naming the variable when the lists do not fit together. */
export function resolveMarketSettings(config: MarketConfig): MarketSettings {
  const exchanges = [...new Set(config.MARKET_EXCHANGES.split(','))];
  for (const exchange of exchanges) {
    if (!(SUPPORTED_EXCHANGES as readonly string[]).includes(exchange)) {
      throw new ConfigError('MARKET_EXCHANGES', `names an unsupported exchange "${exchange}"`);
    }
  }
  if (!exchanges.includes(config.MARKET_DEFAULT_EXCHANGE)) {
    throw new ConfigError(
      'MARKET_DEFAULT_EXCHANGE',
      `must be one of MARKET_EXCHANGES (${exchanges.join(', ')})`,
    );
  }
  const symbolsByExchange: Record<string, string[]> = {};
  for (const exchange of exchanges) {
    const variable = `MARKET_SYMBOLS_${exchange.toUpperCase()}`;
    const raw = readSymbolList(config, exchange);
    const symbols = raw === undefined ? [...(DEFAULT_SYMBOLS_BY_EXCHANGE[exchange] ?? [])] : splitList(raw);
    const bad = symbols.find((symbol) => !isWellFormedSymbol(symbol));
    if (bad !== undefined) throw new ConfigError(variable, `has "${bad}", expected BASE/QUOTE:SETTLE`);
    if (symbols.length === 0) throw new ConfigError(variable, 'lists no symbols');
    symbolsByExchange[exchange] = [...new Set(symbols)];
  }
  const historySinceMs = Date.parse(`${config.MARKET_HISTORY_SINCE}T00:00:00Z`);
  if (!Number.isFinite(historySinceMs)) throw new ConfigError('MARKET_HISTORY_SINCE', 'is not a date');
  const fallbackUrl = isPostgresUrl(config.DATABASE_URL) ? config.DATABASE_URL : undefined;
  return {
    exchanges,
    defaultExchange: config.MARKET_DEFAULT_EXCHANGE,
    symbolsByExchange,
    databaseUrl: config.MARKET_DATABASE_URL ?? fallbackUrl,
    historySinceMs,
  };
}

function readSymbolList(config: MarketConfig, exchange: string): string | undefined {
  if (exchange === 'bybit') return config.MARKET_SYMBOLS_BYBIT;
  if (exchange === 'binance') return config.MARKET_SYMBOLS_BINANCE;
  return undefined;
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
