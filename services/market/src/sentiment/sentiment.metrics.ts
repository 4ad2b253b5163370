/**
 * The five sentiment metrics of the contract: their names, sampling periods, record fields, history depths and
 * the Binance USDⓈ-M endpoint each one comes from. Everything else in the feature is driven by this table, so a
 * metric is described once.
 */

export const SENTIMENT_METRICS = [
  'taker_buy_sell_ratio',
  'open_interest_history',
  'long_short_account_ratio',
  'top_long_short_position_ratio',
  'funding_rate_history',
] as const;

export type SentimentMetric = (typeof SENTIMENT_METRICS)[number];

/** Every numeric field any metric's record carries, named as in the contract. */
export const SENTIMENT_FIELDS = [
  'buy_sell_ratio',
  'buy_vol',
  'sell_vol',
  'open_interest_amount',
  'open_interest_value',
  'long_account',
  'short_account',
  'long_short_ratio',
  'funding_rate',
  'mark_price',
] as const;

export type SentimentField = (typeof SENTIMENT_FIELDS)[number];

/** Binance counts the futures-data endpoints and the funding-rate endpoint against separate IP limits. */
export type RequestLimitGroup = 'futures_data' | 'funding_rate';

export interface SentimentMetricDefinition {
  metric: SentimentMetric;
  /** The contract's period label. */
  period: '15m' | '1h' | '8h';
  periodMs: number;
  fields: readonly SentimentField[];
  /** Path on https://fapi.binance.com. */
  path: string;
  /** Largest `limit` the endpoint accepts. */
  pageLimit: number;
  limitGroup: RequestLimitGroup;
  /** Whether the endpoint takes a `period` parameter (the futures-data ones do, funding rate does not). */
  sendsPeriod: boolean;
  history: { kind: 'rolling'; days: number } | { kind: 'since'; timestamp: number };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Binance keeps only this many days of the futures-data series; older `startTime` values are rejected. */
export const FUTURES_DATA_RETENTION_DAYS = 30;
/** USDⓈ-M perpetuals (BTCUSDT first) started trading in September 2019; funding history is paged from here. */
export const FUNDING_HISTORY_START_MS = Date.UTC(2019, 8, 1);

const FUTURES_DATA_PAGE_LIMIT = 500;
const FUNDING_RATE_PAGE_LIMIT = 1000;
const RATIO_FIELDS = ['long_account', 'short_account', 'long_short_ratio'] as const;

export const SENTIMENT_METRIC_DEFINITIONS: Record<SentimentMetric, SentimentMetricDefinition> = {
  taker_buy_sell_ratio: {
    metric: 'taker_buy_sell_ratio',
    period: '15m',
    periodMs: 15 * MINUTE_MS,
    fields: ['buy_sell_ratio', 'buy_vol', 'sell_vol'],
    path: '/futures/data/takerlongshortRatio',
    pageLimit: FUTURES_DATA_PAGE_LIMIT,
    limitGroup: 'futures_data',
    sendsPeriod: true,
    history: { kind: 'rolling', days: FUTURES_DATA_RETENTION_DAYS },
  },
  open_interest_history: {
    metric: 'open_interest_history',
    period: '15m',
    periodMs: 15 * MINUTE_MS,
    fields: ['open_interest_amount', 'open_interest_value'],
    path: '/futures/data/openInterestHist',
    pageLimit: FUTURES_DATA_PAGE_LIMIT,
    limitGroup: 'futures_data',
    sendsPeriod: true,
    history: { kind: 'rolling', days: FUTURES_DATA_RETENTION_DAYS },
  },
  long_short_account_ratio: {
    metric: 'long_short_account_ratio',
    period: '1h',
    periodMs: HOUR_MS,
    fields: RATIO_FIELDS,
    path: '/futures/data/globalLongShortAccountRatio',
    pageLimit: FUTURES_DATA_PAGE_LIMIT,
    limitGroup: 'futures_data',
    sendsPeriod: true,
    history: { kind: 'rolling', days: FUTURES_DATA_RETENTION_DAYS },
  },
  top_long_short_position_ratio: {
    metric: 'top_long_short_position_ratio',
    period: '1h',
    periodMs: HOUR_MS,
    fields: RATIO_FIELDS,
    path: '/futures/data/topLongShortPositionRatio',
    pageLimit: FUTURES_DATA_PAGE_LIMIT,
    limitGroup: 'futures_data',
    sendsPeriod: true,
    history: { kind: 'rolling', days: FUTURES_DATA_RETENTION_DAYS },
  },
  funding_rate_history: {
    metric: 'funding_rate_history',
    period: '8h',
    periodMs: 8 * HOUR_MS,
    fields: ['funding_rate', 'mark_price'],
    path: '/fapi/v1/fundingRate',
    pageLimit: FUNDING_RATE_PAGE_LIMIT,
    limitGroup: 'funding_rate',
    sendsPeriod: false,
    history: { kind: 'since', timestamp: FUNDING_HISTORY_START_MS },
  },
};

export function isSentimentMetric(value: string): value is SentimentMetric {
  return (SENTIMENT_METRICS as readonly string[]).includes(value);
}

/**
 * The oldest timestamp worth asking the source for at `now`. Rolling series start one period inside the
 * retention window, because Binance rejects a `startTime` that has just slid out of it.
 */
export function findHistoryStart(definition: SentimentMetricDefinition, now: number): number {
  if (definition.history.kind === 'since') return definition.history.timestamp;
  const oldest = now - definition.history.days * DAY_MS;
  return Math.ceil(oldest / definition.periodMs) * definition.periodMs + definition.periodMs;
}

/** `BTC/USDT:USDT` → `BTCUSDT`, the id Binance's USDⓈ-M endpoints take. */
export function toBinanceMarketId(symbol: string): string {
  const [pair] = symbol.split(':');
  return (pair ?? symbol).replace('/', '');
}
