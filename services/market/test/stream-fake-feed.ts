import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Candle, CandleFeed, CandleQuery, CandleUpdate } from '../src/candles/candle-feed.ts';
import { findTimeframe } from '../src/candles/timeframes.ts';
import { SymbolCatalog } from '../src/catalog/symbol-catalog.ts';
import { loadMarketConfig, resolveMarketSettings } from '../src/config.ts';
import { openMarketDatabase } from '../src/db/database.ts';
import { AppError } from '../src/errors/app-error.ts';
import { installErrorHandler } from '../src/errors/error-handler.ts';
import type { MarketContext } from '../src/market-context.ts';
import type { StreamLimits } from '../src/stream/stream-connection.ts';
import { streamPlugin } from '../src/stream/stream.plugin.ts';

/**
 * A candle feed the test drives by hand: it holds whatever candles the test puts in, answers queries like the real
 * one (newest N, AppError for unknown names or a loading exchange) and emits exactly the updates the test asks for.
 */
export class ManualCandleFeed implements CandleFeed {
  ready = true;
  private readonly series = new Map<string, Candle[]>();
  private readonly listeners = new Set<(update: CandleUpdate) => void>();

  constructor(private readonly catalog: SymbolCatalog) {}

  setCandles(exchange: string, symbol: string, timeframe: string, candles: Candle[]): void {
    this.series.set(`${exchange}|${symbol}|${timeframe}`, candles);
  }

  queryCandles(query: CandleQuery): Candle[] {
    this.catalog.assertKnownSymbol(query.exchange, query.symbol);
    if (!findTimeframe(query.timeframe))
      throw new AppError('invalid_timeframe', `unknown timeframe ${query.timeframe}`);
    if (!this.ready) throw new AppError('exchange_not_ready', `${query.exchange} is not ready`);
    const candles = this.series.get(`${query.exchange}|${query.symbol}|${query.timeframe}`) ?? [];
    return query.limit === undefined ? candles : candles.slice(-query.limit);
  }

  onUpdate(listener: (update: CandleUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isReady(): boolean {
    return this.ready;
  }

  emit(update: CandleUpdate): void {
    for (const listener of this.listeners) listener(update);
  }
}

export function makeCandles(count: number, stepMs: number, endTimestamp: number, basePrice = 100): Candle[] {
  return Array.from({ length: count }, (_, index) => {
    const open = basePrice + index;
    return {
      timestamp: endTimestamp - (count - 1 - index) * stepMs,
      open,
      high: open + 2,
      low: open - 1,
      close: open + 1,
      volume: 10 + index,
    };
  });
}

export interface StreamHarness {
  app: FastifyInstance;
  feed: ManualCandleFeed;
  url: string;
  close(): Promise<void>;
}

/**
 * The stream plugin on a real port, over a hand-driven feed and the real symbol catalog and error handler: for
 * protocol tests whose updates must be exact.
 */
export async function startStreamHarness(limits: Partial<StreamLimits> = {}): Promise<StreamHarness> {
  const config = loadMarketConfig({
    LOG_LEVEL: 'silent',
    MARKET_SQLITE_FILE: ':memory:',
    MARKET_SYMBOLS_BYBIT: 'BTC/USDT:USDT,ETH/USDT:USDT',
    MARKET_SYMBOLS_BINANCE: 'BTC/USDT:USDT',
  });
  const settings = resolveMarketSettings(config);
  const catalog = new SymbolCatalog(settings);
  const feed = new ManualCandleFeed(catalog);
  // The stream reads no table: an empty SQLite handle satisfies the context on either database run.
  const database = await openMarketDatabase({ url: undefined, sqliteFile: ':memory:' });
  const context: MarketContext = { config, settings, database, feed, catalog, now: Date.now };
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  await app.register(streamPlugin, { context, limits });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    feed,
    url: `ws://127.0.0.1:${port}/ws`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
