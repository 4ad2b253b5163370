import { AppError } from '../errors/app-error.ts';
import { DEFAULT_SYMBOL, parseSymbolKey, SENTIMENT_EXCHANGE } from '../exchanges/symbols.ts';
import type { SentimentMetric } from './sentiment.metrics.ts';
import { isSentimentMetric, SENTIMENT_METRIC_DEFINITIONS, SENTIMENT_METRICS } from './sentiment.metrics.ts';
import type { SentimentRepository } from './sentiment.repository.ts';
import type { SentimentRecord } from './sentiment.types.ts';

/** The contract's limits for `/api/sentiment/metrics`. */
export const SENTIMENT_DEFAULT_LIMIT = 500;
export const SENTIMENT_MAX_LIMIT = 2000;

export interface SentimentHistoryRequest {
  metric?: string | undefined;
  symbol?: string | undefined;
  limit?: number | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

export interface SentimentHistory {
  metric: SentimentMetric;
  symbol: string;
  period: string;
  records: SentimentRecord[];
}

export interface SentimentLatest {
  symbol: string;
  latest: Record<SentimentMetric, SentimentRecord | undefined>;
}

/** Sentiment use cases behind the HTTP routes; throws AppError, knows nothing of HTTP. */
export class SentimentService {
  constructor(
    private readonly repository: SentimentRepository,
    private readonly symbols: readonly string[],
    private readonly knownExchanges: readonly string[],
  ) {}

  async getLatest(symbolParam: string | undefined): Promise<SentimentLatest> {
    const symbol = this.resolveSymbol(symbolParam);
    const latest = emptyLatest();
    await Promise.all(
      SENTIMENT_METRICS.map(async (metric) => {
        latest[metric] = await this.repository.findLatest(metric, symbol);
      }),
    );
    return { symbol, latest };
  }

  async getHistory(request: SentimentHistoryRequest): Promise<SentimentHistory> {
    if (request.metric === undefined || request.metric === '') {
      throw new AppError(
        'missing_parameter',
        `query parameter "metric" is required: one of ${SENTIMENT_METRICS.join(', ')}`,
      );
    }
    if (!isSentimentMetric(request.metric)) {
      throw new AppError(
        'unknown_metric',
        `unknown metric "${request.metric}"; known: ${SENTIMENT_METRICS.join(', ')}`,
      );
    }
    const symbol = this.resolveSymbol(request.symbol);
    if (request.start !== undefined && request.end !== undefined && request.start > request.end) {
      throw new AppError('invalid_parameter', 'query parameter "start" must not be after "end"');
    }
    // The contract clamps rather than rejects an oversized limit, so a client asking for "everything" still pages.
    const limit = Math.min(request.limit ?? SENTIMENT_DEFAULT_LIMIT, SENTIMENT_MAX_LIMIT);
    const records = await this.repository.findRange({
      metric: request.metric,
      symbol,
      start: request.start,
      end: request.end,
      limit,
    });
    return {
      metric: request.metric,
      symbol,
      period: SENTIMENT_METRIC_DEFINITIONS[request.metric].period,
      records,
    };
  }

  /** Record counts per metric and symbol; every served symbol appears, with 0 when nothing is stored yet. */
  async getAvailability(): Promise<Record<SentimentMetric, Record<string, number>>> {
    const availability = emptyAvailability();
    for (const metric of SENTIMENT_METRICS) {
      for (const symbol of this.symbols) availability[metric][symbol] = 0;
    }
    for (const { metric, symbol, count } of await this.repository.countRecords()) {
      if (isSentimentMetric(metric) && this.symbols.includes(symbol)) availability[metric][symbol] = count;
    }
    return availability;
  }

  /** Plain symbol or a `binance:` key; sentiment exists for the configured Binance pairs only. */
  private resolveSymbol(param: string | undefined): string {
    const { exchange, symbol } = parseSymbolKey(
      param === undefined || param === '' ? DEFAULT_SYMBOL : param,
      this.knownExchanges,
    );
    if (exchange !== undefined && exchange !== SENTIMENT_EXCHANGE) {
      throw new AppError(
        'unknown_symbol',
        `sentiment is served for ${SENTIMENT_EXCHANGE} symbols only, not ${exchange}`,
      );
    }
    if (!this.symbols.includes(symbol)) {
      throw new AppError('unknown_symbol', `no sentiment data for symbol "${symbol}"`);
    }
    return symbol;
  }
}

function emptyLatest(): Record<SentimentMetric, SentimentRecord | undefined> {
  return {
    taker_buy_sell_ratio: undefined,
    open_interest_history: undefined,
    long_short_account_ratio: undefined,
    top_long_short_position_ratio: undefined,
    funding_rate_history: undefined,
  };
}

function emptyAvailability(): Record<SentimentMetric, Record<string, number>> {
  return {
    taker_buy_sell_ratio: {},
    open_interest_history: {},
    long_short_account_ratio: {},
    top_long_short_position_ratio: {},
    funding_rate_history: {},
  };
}
