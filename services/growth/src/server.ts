import { Redis } from 'ioredis';
import { ConfigError, listenWithGracefulShutdown } from '@app/service-kit';
import { buildGrowthApp } from './app.ts';
import { readGrowthConfig, type GrowthConfig } from './config.ts';
import { openGrowthDatabase } from './db/database.ts';

async function main(): Promise<void> {
  let config: GrowthConfig;
  try {
    config = readGrowthConfig();
  } catch (error) {
    // Invalid configuration stops start-up with a message naming the variable.
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const database = await openGrowthDatabase({
    url: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    sqliteLocking: config.sqliteLocking,
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const app = await buildGrowthApp(config, {
    database,
    redis,
    releaseOnClose: redis ? [async () => void (await redis.quit())] : [],
  });
  await listenWithGracefulShutdown(app, { host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error('growth service failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
