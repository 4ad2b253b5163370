import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgresSchema, isPostgresUrl } from '@app/service-kit';
import type { FastifyInstance } from 'fastify';
import { type MarketAppDeps, buildMarketApp } from '../src/app.ts';
import type { MarketFeed } from '../src/candles/market-feed.ts';
import { loadMarketConfig, type MarketConfig } from '../src/config.ts';

/** A fixed instant (Wednesday 2025-11-12 13:37:23 UTC) so sim data and assertions are reproducible. */
export const TEST_NOW = Date.UTC(2025, 10, 12, 13, 37, 23);

/** Small sim market: two symbols per exchange, 3 days of 1m, 30 days of 1h, 1d/1w since 2024. */
export const SMALL_SIM_ENV: Record<string, string> = {
  MARKET_SQLITE_FILE: ':memory:',
  MARKET_SYMBOLS_BYBIT: 'BTC/USDT:USDT,ETH/USDT:USDT',
  MARKET_SYMBOLS_BINANCE: 'BTC/USDT:USDT,SOL/USDT:USDT',
  MARKET_HISTORY_1M_DAYS: '3',
  MARKET_HISTORY_1H_DAYS: '30',
  MARKET_HISTORY_SINCE: '2024-01-01',
  MARKET_SIM_TICK_MS: '60000',
  LOG_LEVEL: 'silent',
};

export interface TestApp {
  app: FastifyInstance;
  config: MarketConfig;
  feed: MarketFeed;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Wait until every exchange is loaded (default true). */
  waitForReady?: boolean;
  /** Reuse a database across apps: a SQLite file of this name in the temp folder, or a PostgreSQL schema. */
  databaseName?: string;
  /** Leave the PostgreSQL schema in place on close (a later app reopens it; the last one drops it). */
  keepDatabase?: boolean;
}

/**
 * Builds the real app on SQLite in memory, or, when MARKET_DATABASE_URL is set, on PostgreSQL in a schema of its
 * own that is dropped on close.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  deps: MarketAppDeps = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const postgresUrl = process.env['MARKET_DATABASE_URL'];
  const usePostgres = isPostgresUrl(postgresUrl);
  const name = options.databaseName ?? `market_test_${randomBytes(6).toString('hex')}`;
  const sqliteFile = options.databaseName ? join(tmpdir(), `${options.databaseName}.sqlite`) : ':memory:';
  const config = loadMarketConfig({
    ...SMALL_SIM_ENV,
    MARKET_SQLITE_FILE: sqliteFile,
    ...(usePostgres ? { MARKET_DATABASE_URL: postgresUrl } : {}),
    ...env,
  });
  const app = await buildMarketApp(config, {
    now: () => TEST_NOW,
    ...(usePostgres ? { postgresSchema: name } : {}),
    ...deps,
  });
  const feed = app.marketFeed;
  if (options.waitForReady ?? true) await feed.whenReady();
  return {
    app,
    config,
    feed,
    close: async () => {
      await app.close();
      if (usePostgres && postgresUrl && !options.keepDatabase) await dropPostgresSchema(postgresUrl, name);
    },
  };
}

/** Removes what a named test database left behind (SQLite files; PostgreSQL schemas are dropped by close). */
export function removeTestDatabase(databaseName: string): void {
  for (const suffix of ['', '-wal', '-shm'])
    rmSync(join(tmpdir(), `${databaseName}.sqlite${suffix}`), { force: true });
}
