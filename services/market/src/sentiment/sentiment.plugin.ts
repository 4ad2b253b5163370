import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { MarketConfig, MarketSettings } from '../config.ts';
import { SENTIMENT_EXCHANGE, SENTIMENT_SYMBOLS } from '../exchanges/symbols.ts';
import type { MarketContext } from '../market-context.ts';
import { BinanceSentimentSource } from './binance-sentiment.source.ts';
import { SentimentCollector } from './sentiment.collector.ts';
import { SentimentRepository } from './sentiment.repository.ts';
import { sentimentRoutes } from './sentiment.routes.ts';
import { SentimentService } from './sentiment.service.ts';
import type { SentimentSource } from './sentiment.types.ts';
import { SimSentimentSource } from './sim-sentiment.source.ts';

export interface SentimentPluginOptions {
  context: MarketContext;
  /** Replaces the source MARKET_SOURCE selects (tests: Binance pointed at a local fake server). */
  source?: SentimentSource;
  /** Whether this instance collects; default: MARKET_ROLE `all` or `collector` (an `api` instance only reads). */
  collect?: boolean;
  /** Refresh grid overrides (tests); default every 15 minutes plus a short delay. */
  refreshIntervalMs?: number;
  refreshDelayMs?: number;
}

/** What the feature exposes on the app, for the scale-out role switch, the benchmark and tests. */
export interface SentimentFeature {
  service: SentimentService;
  repository: SentimentRepository;
  /** Undefined on an `api` instance. */
  collector: SentimentCollector | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    sentiment: SentimentFeature;
  }
}

/**
 * Sentiment: the five Binance futures-data metrics for the 19 pairs, stored through the service's database and
 * served under /api/sentiment. The collector starts when the app is ready and stops before the database closes.
 */
export const sentimentPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: SentimentPluginOptions) => {
    const { context } = options;
    const repository = new SentimentRepository(context.database.db);
    const symbols = resolveSentimentSymbols(context.settings);
    const service = new SentimentService(repository, symbols, context.catalog.exchanges);
    const collect = options.collect ?? context.config.MARKET_ROLE !== 'api';
    const collector = collect
      ? new SentimentCollector({
          repository,
          source: options.source ?? createSentimentSource(context.config, context.now),
          symbols,
          now: context.now,
          logger: app.log.child({ feature: 'sentiment' }),
          refreshIntervalMs: options.refreshIntervalMs,
          refreshDelayMs: options.refreshDelayMs,
        })
      : undefined;
    app.decorate('sentiment', { service, repository, collector });

    await app.register(sentimentRoutes, { service });
    app.addHook('onReady', async () => collector?.start());
    app.addHook('onClose', async () => collector?.stop());
  },
  { name: 'sentiment' },
);

/**
 * The pairs sentiment covers: the 19 of `SENTIMENT_SYMBOLS`, narrowed to the Binance pairs the service is configured
 * to serve (MARKET_SYMBOLS_BINANCE) when it serves Binance at all. An operator who trims the Binance list trims the
 * sentiment collection with it; the default configuration covers all 19.
 */
export function resolveSentimentSymbols(
  settings: Pick<MarketSettings, 'exchanges' | 'symbolsByExchange'>,
): readonly string[] {
  if (!settings.exchanges.includes(SENTIMENT_EXCHANGE)) return SENTIMENT_SYMBOLS;
  const served = settings.symbolsByExchange[SENTIMENT_EXCHANGE] ?? [];
  return SENTIMENT_SYMBOLS.filter((symbol) => served.includes(symbol));
}

/** The source MARKET_SOURCE selects: Binance (at MARKET_BINANCE_API_URL when set) in live mode, the simulator otherwise. */
export function createSentimentSource(
  config: Pick<MarketConfig, 'MARKET_SOURCE' | 'MARKET_BINANCE_API_URL' | 'MARKET_SIM_SEED'>,
  now: () => number,
): SentimentSource {
  if (config.MARKET_SOURCE === 'live') {
    // The same origin override as the candle adapter (a proxy, or a local fake exchange in tests).
    return new BinanceSentimentSource({ baseUrl: config.MARKET_BINANCE_API_URL });
  }
  return new SimSentimentSource(config.MARKET_SIM_SEED, now);
}
