import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { dropPostgresSchema } from '@app/service-kit';
import { buildGrowthApp, type GrowthApp } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import { readGrowthConfig } from '../src/config.ts';
import { openGrowthDatabase, type GrowthDb } from '../src/db/database.ts';

export const TEST_ADMIN_USERNAME = 'admin';
export const TEST_ADMIN_PASSWORD = 'test-admin-password';

export interface TestApp {
  app: GrowthApp;
  db: GrowthDb;
  clock: ManualClock;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
  /** Drops the PostgreSQL schema (no-op on SQLite); `close` does it too. */
  dropStorage(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: ManualClock;
}

/**
 * The real app on a database of its own: in-memory SQLite by default; a fresh PostgreSQL schema when
 * GROWTH_DATABASE_URL is set (`npm run test:postgres`), with Redis-backed rate limits when REDIS_URL is set.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const postgresUrl = process.env.GROWTH_DATABASE_URL;
  const schema = postgresUrl ? `t_${randomUUID().replace(/-/g, '').slice(0, 20)}` : undefined;
  const database = await openGrowthDatabase({
    url: postgresUrl,
    sqliteFile: ':memory:',
    postgresSchema: schema,
  });
  const clock = options.clock ?? new ManualClock();
  const config = readGrowthConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    GROWTH_ADMIN_USERNAME: TEST_ADMIN_USERNAME,
    GROWTH_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // The cheapest scrypt the config allows: the suite logs in hundreds of times; the format is the same.
    PASSWORD_HASH_COST_LOG2: '10',
    ...options.env,
  });
  const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  const app = await buildGrowthApp(config, {
    database,
    clock,
    redis,
    rateLimitPrefix: `test:${randomUUID()}:`,
  });
  const dropStorage = async () => {
    if (redis && redis.status !== 'end') await redis.quit();
    if (postgresUrl && schema) await dropPostgresSchema(postgresUrl, schema);
  };
  return {
    app,
    db: database.db,
    clock,
    dialect: database.dialect,
    async close() {
      await app.close();
      await dropStorage();
    },
    dropStorage,
  };
}
