import type { SymbolCatalog } from '../catalog/symbol-catalog.ts';
import { describeError } from '../candles/candle-collector.ts';
import { AppError } from '../errors/app-error.ts';
import type { DerivativesQuote, ExchangeAdapter } from '../exchanges/exchange-adapter.ts';
import { annualiseBasisPercent, changePercent, normaliseFundingRate } from './derivatives.math.ts';

export interface DerivativesSnapshot {
  exchange: string;
  symbol: string;
  timestamp: number;
  fundingRate: number;
  fundingRateRaw: number;
  fundingIntervalHours: number;
  openInterestUsd: number;
  openInterestChangePercent: number | null;
  basisPercent: number;
  markPrice: number;
  indexPrice: number;
}

/** Live figures are shared for this long, so bursts of requests cost the exchange one call. */
const LIVE_CACHE_MS = 5_000;

interface Logger {
  warn(object: object, message: string): void;
}

/** Derivatives snapshots from the exchange adapters, normalised (see derivatives.math.ts). */
export class DerivativesService {
  private readonly cache = new Map<string, { at: number; pending: Promise<DerivativesQuote> }>();

  constructor(
    private readonly catalog: SymbolCatalog,
    private readonly adapters: ReadonlyMap<string, ExchangeAdapter>,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  async findSnapshot(
    symbolParam: string | undefined,
    exchangeParam: string | undefined,
  ): Promise<DerivativesSnapshot> {
    const { exchange, symbol } = this.catalog.resolve(symbolParam, exchangeParam);
    const adapter = this.adapters.get(exchange);
    if (!adapter)
      throw new AppError('upstream_unavailable', `derivatives data for ${exchange} is not collected here`);
    const quote = await this.fetchQuote(adapter, symbol);
    return {
      exchange,
      symbol,
      timestamp: quote.timestamp,
      fundingRate: normaliseFundingRate(quote.fundingRate, quote.fundingIntervalHours),
      fundingRateRaw: quote.fundingRate,
      fundingIntervalHours: quote.fundingIntervalHours,
      openInterestUsd: quote.openInterestUsd,
      openInterestChangePercent: changePercent(quote.openInterestUsd, quote.openInterestUsd24hAgo),
      basisPercent: annualiseBasisPercent(quote.markPrice, quote.indexPrice, quote.fundingIntervalHours),
      markPrice: quote.markPrice,
      indexPrice: quote.indexPrice,
    };
  }

  private async fetchQuote(adapter: ExchangeAdapter, symbol: string): Promise<DerivativesQuote> {
    if (adapter.source === 'sim') return adapter.fetchDerivatives(symbol);
    const key = `${adapter.exchange}\u0000${symbol}`;
    const cached = this.cache.get(key);
    if (cached && this.now() - cached.at < LIVE_CACHE_MS) return cached.pending;
    const pending = adapter.fetchDerivatives(symbol);
    this.cache.set(key, { at: this.now(), pending });
    try {
      return await pending;
    } catch (error) {
      this.cache.delete(key);
      this.logger.warn(
        { exchange: adapter.exchange, symbol, err: describeError(error) },
        'derivatives fetch failed',
      );
      throw new AppError(
        'upstream_unavailable',
        `derivatives data from ${adapter.exchange} is unavailable right now`,
      );
    }
  }
}
