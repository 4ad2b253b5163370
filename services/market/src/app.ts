import {
  createLoggerOptions,
  type DatabaseHandle,
  generateRequestId,
  OneLinePerRequestLog,
  sharedSchemaCompilers,
} from '@app/service-kit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { candlesRoutes } from './candles/candles.routes.ts';
import { createMarketFeed, type MarketFeed, type MarketFeedDeps } from './candles/market-feed.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { SymbolCatalog } from './catalog/symbol-catalog.ts';
import { type MarketConfig, resolveMarketSettings } from './config.ts';
import { migrateMarketDatabase, openMarketDatabase } from './db/database.ts';
import type { MarketDatabase } from './db/tables.ts';
import { derivativesRoutes } from './derivatives/derivatives.routes.ts';
import { DerivativesService } from './derivatives/derivatives.service.ts';
import { createFrameworkErrorHandler, installErrorHandler } from './errors/error-handler.ts';
import { ErrorBodySchema } from './errors/error.schemas.ts';
import { createExchangeAdapters, type LiveAdapterFactory } from './exchanges/exchange-adapters.ts';
import { createLiveExchangeAdapter } from './exchanges/live/live-exchange.adapter.ts';
import { homePagePlugin } from './home-page/home-page.plugin.ts';
import type { MarketContext } from './market-context.ts';
import { scaleOutPlugin } from './scale-out/scale-out.plugin.ts';
import { sentimentPlugin } from './sentiment/sentiment.plugin.ts';
import { streamPlugin } from './stream/stream.plugin.ts';

export interface MarketAppDeps extends MarketFeedDeps {
  /** An already-migrated database; when omitted the app opens (and on close, closes) its own from config. */
  database?: DatabaseHandle<MarketDatabase>;
  /** PostgreSQL only: a schema of the app's own (tests give each app one). */
  postgresSchema?: string;
  /** Wall clock in ms. */
  now?: () => number;
  /** Fastify logger option; defaults to pino JSON at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Live mode: builds each exchange's adapter (tests point ccxt at a local fake exchange). */
  createLiveAdapter?: LiveAdapterFactory;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketContext;
    /** The candle feed with its lifecycle (start, stop, readiness waits), for the server and tests. */
    marketFeed: MarketFeed;
  }
}

const SERVICE_NAME = 'market';

/**
 * Builds the market-data app without listening, so tests drive the real thing through `inject`. The candle feed
 * starts loading in the background; `app.market.feed` reports readiness per exchange.
 */
export async function buildMarketApp(
  config: MarketConfig,
  deps: MarketAppDeps = {},
): Promise<FastifyInstance> {
  const settings = resolveMarketSettings(config);
  const now = deps.now ?? Date.now;
  const requestLog = new OneLinePerRequestLog();
  const app = Fastify({
    logger: deps.logger ?? createLoggerOptions({ level: config.LOG_LEVEL, service: SERVICE_NAME }),
    genReqId: generateRequestId,
    // One JSON line per request, written when it completes (shared with the growth service).
    logController: requestLog,
    schemaController: { compilersFactory: sharedSchemaCompilers },
    frameworkErrors: createFrameworkErrorHandler(requestLog),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ownsDatabase = deps.database === undefined;
  const database =
    deps.database ??
    (await openMarketDatabase({
      url: settings.databaseUrl,
      sqliteFile: config.MARKET_SQLITE_FILE,
      postgresSchema: deps.postgresSchema,
    }));
  try {
    if (ownsDatabase)
      await migrateMarketDatabase(
        database.db,
        database.dialect === 'postgres' ? deps.postgresSchema : undefined,
      );
  } catch (error) {
    await database.close();
    throw error;
  }

  const catalog = new SymbolCatalog(settings);
  const adapters = createExchangeAdapters(
    { config, settings, now },
    deps.createLiveAdapter ?? createLiveExchangeAdapter,
  );
  const feed = createMarketFeed(
    {
      config,
      settings,
      database,
      catalog,
      adapters,
      collect: config.MARKET_ROLE !== 'api',
      now,
      logger: app.log,
    },
    deps,
  );
  const derivatives = new DerivativesService(catalog, adapters, now, app.log);
  const context: MarketContext = { config, settings, database, feed, catalog, now };
  app.decorate('market', context);
  app.decorate('marketFeed', feed);

  app.addHook('onClose', async () => {
    await feed.stop();
    if (ownsDatabase) await database.close();
  });

  // external plugins
  installErrorHandler(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Market data service',
        version: '1.0.0',
        description:
          'Perpetual-futures candles, derivatives snapshots, sentiment metrics and a live candle stream.',
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.addSchema(ErrorBodySchema);

  // core routes
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(catalogRoutes, { context });
  await app.register(candlesRoutes, { context, feed });
  await app.register(derivativesRoutes, { service: derivatives });

  // feature plugins: sentiment, stream, home page register here
  // Each takes `{ context }` (MarketContext): e.g. `await app.register(sentimentPlugin, { context });`
  await app.register(sentimentPlugin, { context });
  // MARKET_ROLE and REDIS_URL: relays live candles between collector and API instances (scale-out/).
  await app.register(scaleOutPlugin, { context });
  await app.register(streamPlugin, { context });
  await app.register(homePagePlugin);
  // end of feature plugins

  feed.start();
  return app;
}
