import { ConfigError, listenWithGracefulShutdown } from '@app/service-kit';
import { buildMarketApp } from './app.ts';
import { loadMarketConfig } from './config.ts';

async function startMarketService(): Promise<void> {
  const config = loadMarketConfig();
  const app = await buildMarketApp(config);
  await listenWithGracefulShutdown(app, { host: config.HOST, port: config.MARKET_PORT });
}

startMarketService().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`market service failed to start: ${message}`);
  process.exit(1);
});
