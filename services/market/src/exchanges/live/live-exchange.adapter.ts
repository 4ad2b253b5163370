import type * as Ccxt from 'ccxt';
import type { Exchange, OHLCV } from 'ccxt';
import type { Candle } from '../../candles/candle.types.ts';
import { type BaseTimeframe, findTimeframe, HOUR_MS } from '../../candles/timeframes.ts';
import type { AdapterFactoryContext } from '../exchange-adapters.ts';
import type {
  DerivativesQuote,
  ExchangeAdapter,
  LiveCandleHandlers,
  LiveSubscription,
} from '../exchange-adapter.ts';
import { computeBackoffMs, DEFAULT_RETRY_POLICY, type RetryPolicy, withRetries } from './retry-policy.ts';

/**
 * Candles per request. Bybit answers at most 1000 (cost 5 in ccxt's limiter). Binance weighs klines by limit
 * (≤99: 1, ≤499: 2, ≤1000: 5, >1000: 10), so 499 a page fetches the most candles per unit of weight.
 */
const PAGE_SIZE: Readonly<Record<string, number>> = { bybit: 1000, binance: 499 };
/** Every live poll fetches the newest two candles: the one that may just have closed and the one in progress. */
const POLL_CANDLES = 2;
/** Higher timeframes change slowly; they are polled every Nth cycle. */
const POLL_EVERY_CYCLES: Readonly<Record<BaseTimeframe, number>> = { '1m': 1, '1h': 3, '1d': 6, '1w': 12 };
/** Live polling backs off up to this long while the exchange fails. */
const MAX_POLL_BACKOFF_MS = 60_000;
/** Binance lists only symbols with a non-default funding interval; the list changes rarely. */
const FUNDING_INFO_TTL_MS = HOUR_MS;
const DEFAULT_FUNDING_INTERVAL_HOURS = 8;
const DAY_MS = 24 * HOUR_MS;

export interface LiveAdapterOptions {
  exchange: string;
  /** Replaces the scheme and host of every API URL: a proxy, a testnet or the local fake exchange. */
  apiBaseUrl?: string | undefined;
  timeoutMs: number;
  pollIntervalMs: number;
  now: () => number;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  /** ccxt's milliseconds per unit of request weight; tests shrink it, production keeps the exchange's. */
  rateLimitMs?: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** Factory used by the app: one ccxt-backed adapter per exchange, configured from the environment. */
export function createLiveExchangeAdapter(exchange: string, context: AdapterFactoryContext): ExchangeAdapter {
  const { config } = context;
  const apiBaseUrl = exchange === 'bybit' ? config.MARKET_BYBIT_API_URL : config.MARKET_BINANCE_API_URL;
  return new CcxtExchangeAdapter({
    exchange,
    apiBaseUrl,
    timeoutMs: REQUEST_TIMEOUT_MS,
    pollIntervalMs: config.MARKET_LIVE_POLL_MS,
    now: context.now,
  });
}

type CcxtModule = typeof Ccxt;

let ccxtLoading: Promise<CcxtModule> | undefined;

/** ccxt takes seconds to import; only live mode pays for it, once. */
function loadCcxt(): Promise<CcxtModule> {
  ccxtLoading ??= import('ccxt');
  return ccxtLoading;
}

function createClient(
  ccxt: CcxtModule,
  exchange: string,
  timeoutMs: number,
  rateLimitMs: number | undefined,
): Exchange {
  // ccxt sizes its request throttle from `rateLimit` when the client is built, so an override goes in here.
  const common = {
    enableRateLimit: true,
    timeout: timeoutMs,
    ...(rateLimitMs === undefined ? {} : { rateLimit: rateLimitMs }),
  };
  if (exchange === 'bybit') {
    // Only USDT/USDC linear perpetuals: skips loading spot, inverse and option markets.
    return new ccxt.bybit({
      ...common,
      options: { defaultType: 'swap', fetchMarkets: { types: ['linear'] } },
    });
  }
  if (exchange === 'binance') return new ccxt.binanceusdm({ ...common, options: { defaultType: 'swap' } });
  throw new Error(`no live adapter for exchange ${exchange}`);
}

/** Points every API URL of a ccxt client at another origin, keeping the paths. */
function redirectApiUrls(client: Exchange, baseUrl: string): void {
  const origin = baseUrl.replace(/\/+$/, '');
  const current: unknown = client.urls['api'];
  const api: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === 'string') api[key] = value.replace(/^https?:\/\/[^/]+/, origin);
  }
  client.urls['api'] = api;
}

/**
 * Bybit linear perpetuals and Binance USDⓈ-M through ccxt: unified methods for candles, funding, open interest and
 * its history; Binance's funding-interval list through its implicit endpoint. Requests go through ccxt's rate
 * limiter (per-endpoint weights); transient failures (network, timeouts, 5xx, 429) are retried with back-off.
 * Live updates poll the newest candles; the collector repairs any gap a late poll leaves.
 */
export class CcxtExchangeAdapter implements ExchangeAdapter {
  readonly source = 'live' as const;
  private readonly connecting: Promise<{ client: Exchange; ccxt: CcxtModule }>;
  private clientInstance: Exchange | undefined;
  private isNetworkError: (error: unknown) => boolean = () => false;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private marketsLoading: Promise<unknown> | undefined;
  private fundingIntervals: { at: number; hours: Map<string, number> } | undefined;
  private readonly pollers = new Set<() => void>();

  constructor(private readonly options: LiveAdapterOptions) {
    this.connecting = loadCcxt().then((ccxt) => {
      const client = createClient(ccxt, options.exchange, options.timeoutMs, options.rateLimitMs);
      if (options.apiBaseUrl) redirectApiUrls(client, options.apiBaseUrl);
      // Network failures, timeouts, 5xx and rate limiting (ccxt maps 429/418 and the exchanges' "too many requests"
      // codes to subclasses of NetworkError) are worth another try; bad symbols and bad requests are not.
      this.isNetworkError = (error) => error instanceof ccxt.NetworkError;
      this.clientInstance = client;
      return { client, ccxt };
    });
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  get exchange(): string {
    return this.options.exchange;
  }

  /** The ccxt client; only valid after loadMarkets() resolved. */
  private get client(): Exchange {
    if (!this.clientInstance) throw new Error('ccxt client used before it was loaded');
    return this.clientInstance;
  }

  private withRetries<T>(work: () => Promise<T>): Promise<T> {
    return withRetries(work, this.retry, this.sleep, (error) => this.isNetworkError(error));
  }

  async fetchCandles(
    symbol: string,
    timeframe: BaseTimeframe,
    since: number,
    until: number,
  ): Promise<Candle[]> {
    await this.loadMarkets();
    const sizeMs = findTimeframe(timeframe)?.sizeMs ?? 0;
    const pageSize = PAGE_SIZE[this.exchange] ?? 500;
    const candles: Candle[] = [];
    // Ask for explicit [start, end] windows: Bybit answers the newest `limit` candles of a window, so an open-ended
    // request would skip to the present.
    for (let cursor = since; cursor <= until; cursor += pageSize * sizeMs) {
      const pageEnd = Math.min(until, cursor + (pageSize - 1) * sizeMs);
      // ccxt rounds Bybit's start up to an epoch-aligned bucket; weeks start on Mondays, not on the epoch's
      // Thursday, so the request starts at the epoch-aligned instant at or before the cursor and is filtered below.
      const requestSince = Math.floor(cursor / sizeMs) * sizeMs;
      const rows = await this.withRetries(() =>
        this.client.fetchOHLCV(symbol, timeframe, requestSince, pageSize, { until: pageEnd }),
      );
      for (const row of rows) {
        const candle = toCandle(row);
        if (candle.timestamp >= cursor && candle.timestamp <= pageEnd) candles.push(candle);
      }
    }
    candles.sort((a, b) => a.timestamp - b.timestamp);
    return candles;
  }

  watchCandles(
    symbols: readonly string[],
    timeframes: readonly BaseTimeframe[],
    handlers: LiveCandleHandlers,
  ): LiveSubscription {
    let stopped = false;
    let cycle = 0;
    let failures = 0;
    let connected = false;
    let wake: (() => void) | undefined;
    // A stop can land while a request is in flight, before the pause that follows it: a pause after the stop must
    // not wait, or closing the app would hang for a whole poll interval.
    const pause = (ms: number): Promise<void> =>
      new Promise((resolve) => {
        if (stopped) {
          resolve();
          return;
        }
        const timer = setTimeout(resolve, ms);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const loop = async (): Promise<void> => {
      while (!stopped) {
        try {
          for (const timeframe of timeframes) {
            if (cycle % (POLL_EVERY_CYCLES[timeframe] ?? 1) !== 0) continue;
            for (const symbol of symbols) {
              if (stopped) return;
              const rows = await this.client.fetchOHLCV(symbol, timeframe, undefined, POLL_CANDLES);
              handlers.onCandles({ symbol, timeframe, candles: rows.map(toCandle) });
            }
          }
          if (!connected || failures > 0) handlers.onConnect();
          connected = true;
          failures = 0;
          cycle += 1;
          await pause(this.options.pollIntervalMs);
        } catch (error) {
          failures += 1;
          handlers.onDisconnect(error, failures);
          await pause(
            computeBackoffMs(failures, {
              ...this.retry,
              baseDelayMs: this.options.pollIntervalMs,
              maxDelayMs: MAX_POLL_BACKOFF_MS,
            }),
          );
        }
      }
    };
    const stopPolling = (): void => {
      stopped = true;
      wake?.();
    };
    this.pollers.add(stopPolling);
    const running = this.loadMarkets().then(loop, (error: unknown) => {
      handlers.onDisconnect(error, 1);
      return loop();
    });
    return {
      stop: async () => {
        stopPolling();
        this.pollers.delete(stopPolling);
        await running.catch(() => undefined);
      },
    };
  }

  async fetchDerivatives(symbol: string): Promise<DerivativesQuote> {
    await this.loadMarkets();
    const call = <T>(work: () => Promise<T>): Promise<T> => this.withRetries(work);
    const now = this.options.now();
    const funding = await call(() => this.client.fetchFundingRate(symbol));
    const markPrice = funding.markPrice ?? Number.NaN;
    const indexPrice = funding.indexPrice ?? Number.NaN;
    const history = await call(() =>
      this.client.fetchOpenInterestHistory(symbol, '1h', now - DAY_MS - 2 * HOUR_MS, 30, { until: now }),
    );
    const dayAgo = [...history]
      .filter((entry) => typeof entry.timestamp === 'number')
      .sort(
        (a, b) =>
          Math.abs((a.timestamp ?? 0) - (now - DAY_MS)) - Math.abs((b.timestamp ?? 0) - (now - DAY_MS)),
      )[0];
    let openInterestUsd: number;
    let openInterestUsd24hAgo: number | undefined;
    let fundingIntervalHours: number;
    if (this.exchange === 'bybit') {
      // Bybit's ticker (behind fetchFundingRate) carries the USD value now and the price 24 h ago; its history has
      // contract amounts only, valued here at that price.
      const ticker = isRecord(funding.info) ? funding.info : {};
      openInterestUsd = toNumber(ticker['openInterestValue']);
      const price24hAgo = toNumber(ticker['prevPrice24h']);
      openInterestUsd24hAgo =
        dayAgo?.openInterestAmount === undefined ? undefined : dayAgo.openInterestAmount * price24hAgo;
      fundingIntervalHours = parseIntervalHours(funding.interval) ?? DEFAULT_FUNDING_INTERVAL_HOURS;
    } else {
      const current = await call(() => this.client.fetchOpenInterest(symbol));
      openInterestUsd = current.openInterestValue ?? (current.openInterestAmount ?? Number.NaN) * markPrice;
      openInterestUsd24hAgo = dayAgo?.openInterestValue;
      const marketId = this.client.market(symbol).id ?? '';
      fundingIntervalHours =
        (await this.findBinanceFundingIntervals()).get(marketId) ?? DEFAULT_FUNDING_INTERVAL_HOURS;
    }
    const quote: DerivativesQuote = {
      timestamp: funding.timestamp ?? now,
      fundingRate: funding.fundingRate ?? Number.NaN,
      fundingIntervalHours,
      markPrice,
      indexPrice,
      openInterestUsd,
      openInterestUsd24hAgo,
    };
    if (![quote.fundingRate, markPrice, indexPrice, openInterestUsd].every(Number.isFinite)) {
      throw new Error(`${this.exchange} returned incomplete derivatives data for ${symbol}`);
    }
    return quote;
  }

  async close(): Promise<void> {
    for (const stop of this.pollers) stop();
    this.pollers.clear();
    await this.clientInstance?.close();
  }

  private loadMarkets(): Promise<unknown> {
    if (!this.marketsLoading) {
      this.marketsLoading = this.connecting
        .then(() => this.withRetries(() => this.client.loadMarkets()))
        .catch((error: unknown) => {
          this.marketsLoading = undefined;
          throw error;
        });
    }
    return this.marketsLoading;
  }

  /** Binance's `/fapi/v1/fundingInfo` (no unified method): symbols whose funding interval differs from 8 h. */
  private async findBinanceFundingIntervals(): Promise<Map<string, number>> {
    const now = this.options.now();
    if (this.fundingIntervals && now - this.fundingIntervals.at < FUNDING_INFO_TTL_MS)
      return this.fundingIntervals.hours;
    const hours = new Map<string, number>();
    const response: unknown = await this.withRetries(() =>
      this.client.request('fundingInfo', 'fapiPublic', 'GET'),
    );
    for (const entry of Array.isArray(response) ? response : []) {
      if (!isRecord(entry) || typeof entry['symbol'] !== 'string') continue;
      const interval = toNumber(entry['fundingIntervalHours']);
      if (interval > 0) hours.set(entry['symbol'], interval);
    }
    this.fundingIntervals = { at: now, hours };
    return hours;
  }
}

function toCandle(row: OHLCV): Candle {
  const [timestamp, open, high, low, close, volume] = row;
  return {
    timestamp: timestamp ?? Number.NaN,
    open: open ?? Number.NaN,
    high: high ?? Number.NaN,
    low: low ?? Number.NaN,
    close: close ?? Number.NaN,
    volume: volume ?? Number.NaN,
  };
}

function parseIntervalHours(interval: string | undefined): number | undefined {
  const match = interval === undefined ? null : /^(\d+)h$/.exec(interval);
  return match ? Number(match[1]) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}
