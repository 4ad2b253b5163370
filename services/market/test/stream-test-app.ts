import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildMarketApp } from '../src/app.ts';
import { loadMarketConfig } from '../src/config.ts';
import { openTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from './sentiment-test-database.ts';

export interface FeatureTestApp {
  app: FastifyInstance;
  /** Set when the test app owns its database (the default). */
  database: TestDatabase | undefined;
  /** Listens on a free port of 127.0.0.1 and answers the base URL (http://127.0.0.1:port). */
  listen(): Promise<string>;
  /** Closes the app, then its database (and drops its PostgreSQL schema) when it owns one. */
  close(): Promise<void>;
}

/** Where several instances' shared database lives: a SQLite file, or a PostgreSQL schema when CI sets the URL. */
export interface SharedDatabase {
  sqliteFile: string;
  schema: string | undefined;
}

export interface FeatureTestAppOptions {
  /** Environment on top of the small test defaults below. */
  env?: Record<string, string>;
  now?: () => number;
  /** Connect to this (already migrated) database with a connection of the app's own, as a separate instance would. */
  sharedDatabase?: SharedDatabase;
}

/**
 * Small market: two Bybit pairs and one Binance pair, one day of 1m and three weeks of 1h, so the sim feed is ready
 * in well under a second. The real app, with the real plugins.
 */
const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  MARKET_SQLITE_FILE: ':memory:',
  MARKET_SYMBOLS_BYBIT: 'BTC/USDT:USDT,ETH/USDT:USDT',
  MARKET_SYMBOLS_BINANCE: 'BTC/USDT:USDT',
  MARKET_HISTORY_1M_DAYS: '1',
  MARKET_HISTORY_1H_DAYS: '21',
  MARKET_HISTORY_SINCE: '2025-01-01',
};

export async function buildFeatureTestApp(options: FeatureTestAppOptions = {}): Promise<FeatureTestApp> {
  const shared = options.sharedDatabase;
  const database = shared ? undefined : await openTestDatabase('market_feature');
  const config = loadMarketConfig({
    ...TEST_ENV,
    ...(shared ? { MARKET_SQLITE_FILE: shared.sqliteFile } : {}),
    ...(shared && TEST_POSTGRES_URL ? { MARKET_DATABASE_URL: TEST_POSTGRES_URL } : {}),
    ...options.env,
  });
  const app = await buildMarketApp(config, {
    logger: false,
    ...(database ? { database: database.handle } : {}),
    ...(shared?.schema ? { postgresSchema: shared.schema } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    app,
    database,
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      await app.close();
      await database?.dispose();
    },
  };
}
