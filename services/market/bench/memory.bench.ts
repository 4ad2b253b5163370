// Start-up time and memory with the default configuration: 19 symbols on each of the two exchanges, 30 days of 1m,
// two years of 1h, 1d and 1w since 2019, every derived timeframe kept in memory. Reports when the feed is ready
// (serving from memory) and when the background write of the history to SQLite has finished, with RSS at each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describeMachine } from '@app/bench-kit';
import { buildMarketApp } from '../src/app.ts';
import { loadMarketConfig } from '../src/config.ts';

const MB = 2 ** 20;
const POLL_MS = 100;

function describeMemory(): string {
  const usage = process.memoryUsage();
  return (
    `RSS ${(usage.rss / MB).toFixed(0)} MB, JS heap ${(usage.heapUsed / MB).toFixed(0)} MB, ` +
    `typed arrays ${(usage.arrayBuffers / MB).toFixed(0)} MB`
  );
}

/** A full collection before measuring, so the numbers are what stays, not garbage waiting for the collector. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') gc();
}

const folder = mkdtempSync(join(tmpdir(), 'market-memory-'));
try {
  console.log(`machine: ${describeMachine()}`);
  const started = performance.now();
  const config = loadMarketConfig({ LOG_LEVEL: 'silent', MARKET_SQLITE_FILE: join(folder, 'market.sqlite') });
  const app = await buildMarketApp(config);
  await app.marketFeed.whenReady();
  const readyMs = performance.now() - started;
  console.log(
    `first start, feed ready (serving from memory) after ${(readyMs / 1000).toFixed(1)} s; ${describeMemory()}`,
  );
  const backlog = app.marketFeed.persistenceBacklog;
  while (app.marketFeed.persistenceBacklog > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  console.log(
    `history written to SQLite (${backlog} rows) after ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  collectGarbage();
  console.log(`steady state with the default history loaded: ${describeMemory()}`);
  await app.close();

  const restarted = performance.now();
  const again = await buildMarketApp(config);
  await again.marketFeed.whenReady();
  console.log(
    `restart on the same database: ready after ${((performance.now() - restarted) / 1000).toFixed(1)} s, ` +
      `${again.marketFeed.persistenceBacklog} rows to write (only what was not stored)`,
  );
  await again.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
