import { setTimeout as sleep } from 'node:timers/promises';
import { parseBinanceSentiment } from './binance-sentiment.wire.ts';
import type { RequestLimitGroup } from './sentiment.metrics.ts';
import { SENTIMENT_METRIC_DEFINITIONS, toBinanceMarketId } from './sentiment.metrics.ts';
import type { SentimentPageRequest, SentimentRecord, SentimentSource } from './sentiment.types.ts';
import type { RequestWindow } from './request-budget.ts';
import { RequestBudget } from './request-budget.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { computeBackoffDelay, DEFAULT_RETRY_POLICY } from './retry-policy.ts';

export const BINANCE_FAPI_URL = 'https://fapi.binance.com';

const FIVE_MINUTES_MS = 5 * 60_000;
/**
 * Binance's published IP limits: the futures-data endpoints allow 1000 requests per 5 minutes, the funding-rate
 * endpoint shares 500 per 5 minutes with /fapi/v1/fundingInfo. We keep a margin for other callers on the same IP.
 */
export const BINANCE_REQUEST_WINDOWS: Record<RequestLimitGroup, RequestWindow> = {
  futures_data: { limit: 900, windowMs: FIVE_MINUTES_MS },
  funding_rate: { limit: 450, windowMs: FIVE_MINUTES_MS },
};
/** USDⓈ-M request weight per minute is 2400; the candle adapter uses the same IP, so we yield well before it. */
const USED_WEIGHT_SOFT_LIMIT = 1800;
const USED_WEIGHT_HEADER = 'x-mbx-used-weight-1m';
const MINUTE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
const HTTP_TOO_MANY_REQUESTS = 429;
/** Binance answers 418 once an IP keeps going after 429s: an automated ban, with Retry-After. */
const HTTP_IP_BANNED = 418;
const HTTP_SERVER_ERROR = 500;

/** The upstream refused the request for a reason a retry will not fix (bad symbol, bad parameter). */
export class UpstreamRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamRequestError';
  }
}

/** Every attempt failed with something transient (429, 5xx, network); the next cycle tries again. */
export class UpstreamUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

export interface BinanceSentimentSourceOptions {
  baseUrl?: string | undefined;
  retry?: RetryPolicy;
  windows?: Record<RequestLimitGroup, RequestWindow>;
  fetch?: typeof fetch;
}

type AttemptOutcome =
  { kind: 'ok'; records: SentimentRecord[] } | { kind: 'retry'; reason: string; retryAfterMs: number };

/** Binance USDⓈ-M public futures-data endpoints, in their real wire format, within their rate limits. */
export class BinanceSentimentSource implements SentimentSource {
  readonly name = 'binance';
  private readonly baseUrl: string;
  private readonly retry: RetryPolicy;
  private readonly budgets: Record<RequestLimitGroup, RequestBudget>;
  private readonly fetch: typeof fetch;

  constructor(options: BinanceSentimentSourceOptions = {}) {
    this.baseUrl = (options.baseUrl ?? BINANCE_FAPI_URL).replace(/\/+$/, '');
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.fetch = options.fetch ?? fetch;
    const windows = options.windows ?? BINANCE_REQUEST_WINDOWS;
    // Pacing runs on the wall clock, whatever clock the data is stamped with: Binance counts real seconds.
    this.budgets = {
      futures_data: new RequestBudget(windows.futures_data),
      funding_rate: new RequestBudget(windows.funding_rate),
    };
  }

  async fetchPage(request: SentimentPageRequest, signal?: AbortSignal): Promise<SentimentRecord[]> {
    const definition = SENTIMENT_METRIC_DEFINITIONS[request.metric];
    const url = this.buildUrl(request);
    for (let attempt = 1; ; attempt += 1) {
      await this.budgets[definition.limitGroup].acquire(signal);
      const outcome = await this.attempt(request, url, signal);
      if (outcome.kind === 'ok') return outcome.records;
      if (attempt >= this.retry.maxAttempts) {
        throw new UpstreamUnavailableError(
          `${request.metric} ${request.symbol}: gave up after ${attempt} attempts (${outcome.reason})`,
        );
      }
      await sleep(computeBackoffDelay(this.retry, attempt, outcome.retryAfterMs), undefined, { signal });
    }
  }

  private buildUrl(request: SentimentPageRequest): string {
    const definition = SENTIMENT_METRIC_DEFINITIONS[request.metric];
    const params = new URLSearchParams({ symbol: toBinanceMarketId(request.symbol) });
    if (definition.sendsPeriod) params.set('period', definition.period);
    params.set('startTime', String(request.startTime));
    params.set('endTime', String(request.endTime));
    params.set('limit', String(Math.min(request.limit, definition.pageLimit)));
    return `${this.baseUrl}${definition.path}?${params.toString()}`;
  }

  private async attempt(
    request: SentimentPageRequest,
    url: string,
    signal?: AbortSignal,
  ): Promise<AttemptOutcome> {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let response: Response;
    try {
      response = await this.fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      signal?.throwIfAborted();
      return { kind: 'retry', reason: `network: ${describeError(error)}`, retryAfterMs: 0 };
    }
    this.respectUsedWeight(response);
    if (response.status === HTTP_TOO_MANY_REQUESTS || response.status === HTTP_IP_BANNED) {
      const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after'));
      // One 429 means the whole IP is over; holding only this series back would let the others dig deeper.
      this.pauseAll(Date.now() + retryAfterMs);
      await response.body?.cancel();
      return { kind: 'retry', reason: `HTTP ${response.status}`, retryAfterMs };
    }
    if (response.status >= HTTP_SERVER_ERROR) {
      await response.body?.cancel();
      return { kind: 'retry', reason: `HTTP ${response.status}`, retryAfterMs: 0 };
    }
    if (!response.ok) {
      const code = await readBinanceErrorCode(response);
      throw new UpstreamRequestError(
        response.status,
        `${request.metric} ${request.symbol}: HTTP ${response.status}${code === undefined ? '' : ` code ${code}`}`,
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      return { kind: 'retry', reason: `unreadable body: ${describeError(error)}`, retryAfterMs: 0 };
    }
    return { kind: 'ok', records: parseBinanceSentiment(request.metric, body) };
  }

  private respectUsedWeight(response: Response): void {
    const used = Number(response.headers.get(USED_WEIGHT_HEADER));
    if (Number.isFinite(used) && used >= USED_WEIGHT_SOFT_LIMIT) {
      this.pauseAll(Math.ceil((Date.now() + 1) / MINUTE_MS) * MINUTE_MS);
    }
  }

  private pauseAll(until: number): void {
    for (const budget of Object.values(this.budgets)) budget.pauseUntil(until);
  }
}

const DEFAULT_RETRY_AFTER_MS = 5_000;

function parseRetryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return header !== null && Number.isFinite(seconds) && seconds >= 0
    ? seconds * 1000
    : DEFAULT_RETRY_AFTER_MS;
}

async function readBinanceErrorCode(response: Response): Promise<number | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'number') {
      return body.code;
    }
  } catch {
    // A non-JSON error page carries no code worth reporting.
  }
  return undefined;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}
