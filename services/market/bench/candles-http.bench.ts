// GET /api/candles?symbol=BTC/USDT:USDT&tf=15m&limit=1000 (a derived timeframe, 1000 candles, ~150 kB of JSON) on
// the real app with a sim market, compared in the same run with a bare Fastify route answering the same bytes.
// Target: ≥ 50 % of the ceiling's throughput.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithCeiling, describeMachine, printComparison, serveWithCeiling } from '@app/bench-kit';
import { buildMarketApp } from '../src/app.ts';
import { loadMarketConfig } from '../src/config.ts';

const PATH = `/api/candles?symbol=${encodeURIComponent('BTC/USDT:USDT')}&tf=15m&limit=1000`;
const TARGET_RATIO = 0.5;
const POLL_MS = 100;

async function serve(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'market-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  // Default history depth (30 days of 1m) on one symbol per exchange keeps start-up short; the request reads memory
  // only, so the number of other symbols does not change it.
  const config = loadMarketConfig({
    LOG_LEVEL: 'silent',
    MARKET_SQLITE_FILE: join(folder, 'market.sqlite'),
    MARKET_SYMBOLS_BYBIT: 'BTC/USDT:USDT',
    MARKET_SYMBOLS_BINANCE: 'BTC/USDT:USDT',
  });
  const app = await buildMarketApp(config);
  await app.marketFeed.whenReady();
  // Let the background write of the history finish, so it does not compete with the load.
  while (app.marketFeed.persistenceBacklog > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  await serveWithCeiling(app, { method: 'GET', path: PATH });
}

async function measure(): Promise<void> {
  console.log(`machine: ${describeMachine()}`);
  const result = await compareWithCeiling(
    'GET /api/candles tf=15m limit=1000',
    fileURLToPath(import.meta.url),
  );
  printComparison(result);
  console.log(`target ≥ ${TARGET_RATIO * 100} % → ${result.ratio >= TARGET_RATIO ? 'met' : 'missed'}`);
}

await (process.argv.includes('--serve') ? serve() : measure());
