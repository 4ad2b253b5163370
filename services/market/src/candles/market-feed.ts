import type { DatabaseHandle } from '@app/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { SymbolCatalog } from '../catalog/symbol-catalog.ts';
import type { MarketConfig, MarketSettings } from '../config.ts';
import type { MarketDatabase } from '../db/tables.ts';
import { AppError } from '../errors/app-error.ts';
import type { ExchangeAdapter } from '../exchanges/exchange-adapter.ts';
import { alignTimestamp, bucketSpecFor } from './aggregation.ts';
import type { Candle, CandleFeed, CandleQuery, CandleUpdate } from './candle-feed.ts';
import { CandleCollector, describeError } from './candle-collector.ts';
import { CandleRepository } from './candle.repository.ts';
import type { CandleColumns } from './candle-series.ts';
import { CandleStore, type RetentionPolicy, seriesKey } from './candle-store.ts';
import { CandleWriter } from './candle-writer.ts';
import { BASE_TIMEFRAMES, type BaseTimeframe, DAY_MS, findTimeframe, isBaseTimeframe } from './timeframes.ts';

export interface MarketFeedContext {
  config: MarketConfig;
  settings: MarketSettings;
  database: DatabaseHandle<MarketDatabase>;
  catalog: SymbolCatalog;
  /** One adapter per configured exchange (sim or live). */
  adapters: ReadonlyMap<string, ExchangeAdapter>;
  /** False in the `api` role: windows come from the database (and remote updates), not from the exchanges. */
  collect: boolean;
  now: () => number;
  logger: FastifyBaseLogger;
}

/** Replaceable timing of the feed (tests shorten retries). */
export interface MarketFeedDeps {
  sleep?: (ms: number) => Promise<void>;
}

/** Rows [from, to) of a series' columns: the zero-copy result of a query, for serializers that avoid objects. */
export interface CandleSelection {
  columns: CandleColumns;
  from: number;
  to: number;
  /** The series' identity and revision: the same pair and rows mean the same candles (for response caches). */
  seriesId: number;
  revision: number;
}

export interface RemoteCatchUp {
  /** One pass over every series; answers how many candles it changed. */
  run(): Promise<number>;
  /** Stops tracking remote updates for this catch-up. */
  finish(): void;
}

export interface MarketFeed extends CandleFeed {
  selectCandles(query: CandleQuery): CandleSelection;
  /** Applies base candles that another instance collected (the `api` role behind Redis fan-out); not persisted. */
  applyRemoteUpdate(update: CandleUpdate): void;
  /**
   * After remote updates were missed (a relay outage), call at once when updates flow again: remembers each series'
   * newest candle and, from then on, what remote updates deliver, so each `run()` applies and emits what the shared
   * database holds past those newest candles without overwriting anything delivered since.
   */
  startCatchUp(): RemoteCatchUp;
  start(): void;
  stop(): Promise<void>;
  whenReady(exchange?: string): Promise<void>;
  /** Rows still waiting to be written to the database. */
  readonly persistenceBacklog: number;
}

const WRITER_FLUSH_INTERVAL_MS = 1_000;
const HISTORY_CHUNK_ROWS = 20_000;
const HISTORY_RELEASE_TIMEOUT_MS = 60_000;

export function createMarketFeed(context: MarketFeedContext, deps: MarketFeedDeps = {}): MarketFeed {
  return new MemoryCandleFeed(context, deps);
}

class MemoryCandleFeed implements MarketFeed {
  private readonly store: CandleStore;
  private readonly writer: CandleWriter;
  private readonly collectors: Map<string, CandleCollector>;
  private readonly listeners = new Set<(update: CandleUpdate) => void>();
  /** One map per unfinished catch-up: the oldest timestamp each series received by remote update since it began. */
  private readonly remoteSinceCatchUp = new Set<Map<string, number>>();

  constructor(
    private readonly context: MarketFeedContext,
    deps: MarketFeedDeps,
  ) {
    const { config, settings, database, logger } = context;
    const retention: RetentionPolicy = {
      '1m': config.MARKET_HISTORY_1M_DAYS * DAY_MS,
      '1h': config.MARKET_HISTORY_1H_DAYS * DAY_MS,
      '1d': undefined,
      '1w': undefined,
    };
    this.store = new CandleStore(settings.symbolsByExchange, retention);
    const repository = new CandleRepository(database.db, database.dialect);
    this.writer = new CandleWriter({
      repository,
      flushIntervalMs: WRITER_FLUSH_INTERVAL_MS,
      historyChunkRows: HISTORY_CHUNK_ROWS,
      onError: (error) => logger.error({ err: describeError(error) }, 'writing candles failed; will retry'),
    });
    const windowStart = (timeframe: BaseTimeframe, now: number): number => {
      const sizeMs = findTimeframe(timeframe)?.sizeMs ?? DAY_MS;
      const spec = bucketSpecFor(sizeMs);
      const retained = retention[timeframe];
      const start = retained === undefined ? settings.historySinceMs : now - retained;
      // The first whole bucket at or after the start.
      return alignTimestamp(start + sizeMs - 1, spec);
    };
    this.collectors = new Map(
      settings.exchanges.map((exchange) => {
        const adapter = context.collect ? context.adapters.get(exchange) : undefined;
        const collector = new CandleCollector({
          exchange,
          symbols: settings.symbolsByExchange[exchange] ?? [],
          adapter,
          store: this.store,
          repository,
          writer: this.writer,
          windowStart,
          // The sim regenerates its history faster than the database can return it.
          loadStored: adapter?.source !== 'sim',
          now: context.now,
          logger,
          emit: (updates) => this.emit(updates),
          ...(deps.sleep ? { sleep: deps.sleep } : {}),
        });
        return [exchange, collector];
      }),
    );
  }

  get persistenceBacklog(): number {
    return this.writer.backlog;
  }

  queryCandles(query: CandleQuery): Candle[] {
    const { columns, from, to } = this.selectCandles(query);
    const candles: Candle[] = [];
    for (let index = from; index < to; index += 1) {
      candles.push({
        timestamp: columns.timestamp[index] as number,
        open: columns.open[index] as number,
        high: columns.high[index] as number,
        low: columns.low[index] as number,
        close: columns.close[index] as number,
        volume: columns.volume[index] as number,
      });
    }
    return candles;
  }

  selectCandles(query: CandleQuery): CandleSelection {
    const { exchange, symbol, timeframe, start, end, limit } = query;
    this.context.catalog.assertKnownSymbol(exchange, symbol);
    if (!findTimeframe(timeframe))
      throw new AppError('invalid_timeframe', `unknown timeframe "${timeframe}"`);
    if (!this.isReady(exchange))
      throw new AppError('exchange_not_ready', `${exchange} market data is not ready yet`);
    const series = this.store.findSeries(exchange, symbol, timeframe);
    if (!series) throw new AppError('unknown_symbol', `unknown symbol "${symbol}" on ${exchange}`);
    let from = start === undefined ? 0 : series.lowerBound(start);
    const to = end === undefined ? series.length : series.upperBound(end);
    if (limit !== undefined) from = Math.max(from, to - limit);
    return {
      columns: series.columns(),
      from,
      to: Math.max(from, to),
      seriesId: series.id,
      revision: series.revision,
    };
  }

  onUpdate(listener: (update: CandleUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  isReady(exchange: string): boolean {
    return this.collectors.get(exchange)?.isReady() ?? false;
  }

  applyRemoteUpdate(update: CandleUpdate): void {
    if (!isBaseTimeframe(update.timeframe)) return;
    if (this.remoteSinceCatchUp.size > 0) {
      const key = seriesKey(update.exchange, update.symbol, update.timeframe);
      const oldest = Math.min(...update.candles.map((candle) => candle.timestamp));
      for (const delivered of this.remoteSinceCatchUp)
        delivered.set(key, Math.min(delivered.get(key) ?? Number.POSITIVE_INFINITY, oldest));
    }
    const result = this.store.applyBaseCandles(
      update.exchange,
      update.symbol,
      update.timeframe,
      update.candles,
    );
    this.emit(result.updates);
  }

  startCatchUp(): RemoteCatchUp {
    const newestBefore = new Map<string, number>();
    for (const [exchange, symbols] of Object.entries(this.context.settings.symbolsByExchange)) {
      for (const symbol of symbols) {
        for (const timeframe of BASE_TIMEFRAMES) {
          const newest = this.store.lastTimestamp(exchange, symbol, timeframe);
          if (newest !== undefined) newestBefore.set(seriesKey(exchange, symbol, timeframe), newest);
        }
      }
    }
    const delivered = new Map<string, number>();
    this.remoteSinceCatchUp.add(delivered);
    return {
      run: async () => {
        let applied = 0;
        for (const collector of this.collectors.values()) {
          const key = (symbol: string, timeframe: string) => seriesKey(collector.exchange, symbol, timeframe);
          applied += await collector.applyStoredTails(
            (symbol, timeframe) => newestBefore.get(key(symbol, timeframe)),
            (symbol, timeframe) => delivered.get(key(symbol, timeframe)) ?? Number.POSITIVE_INFINITY,
          );
        }
        return applied;
      },
      finish: () => {
        this.remoteSinceCatchUp.delete(delivered);
      },
    };
  }

  start(): void {
    this.writer.start();
    for (const collector of this.collectors.values()) {
      collector.start().catch((error: unknown) => {
        this.context.logger.error(
          { exchange: collector.exchange, err: describeError(error) },
          'candle collector stopped',
        );
      });
    }
    // History is written once every exchange has loaded (or after a while, if one cannot load).
    const releaseTimer = setTimeout(() => this.writer.releaseHistory(), HISTORY_RELEASE_TIMEOUT_MS);
    releaseTimer.unref();
    void this.whenReady().then(() => {
      clearTimeout(releaseTimer);
      this.writer.releaseHistory();
    });
  }

  async stop(): Promise<void> {
    await Promise.all([...this.collectors.values()].map((collector) => collector.stop()));
    await Promise.all([...this.context.adapters.values()].map((adapter) => adapter.close()));
    await this.writer.stop();
  }

  async whenReady(exchange?: string): Promise<void> {
    const collectors =
      exchange === undefined ? [...this.collectors.values()] : [this.collectors.get(exchange)];
    await Promise.all(collectors.map((collector) => collector?.whenLoaded()));
  }

  private emit(updates: readonly CandleUpdate[]): void {
    for (const update of updates) {
      for (const listener of this.listeners) {
        try {
          listener(update);
        } catch (error) {
          this.context.logger.error({ err: describeError(error) }, 'candle update listener failed');
        }
      }
    }
  }
}
