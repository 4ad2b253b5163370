import type { FastifyBaseLogger } from 'fastify';
import type { CandleBatch, ExchangeAdapter, LiveSubscription } from '../exchanges/exchange-adapter.ts';
import { alignTimestamp, bucketSpecFor } from './aggregation.ts';
import type { Candle, CandleUpdate } from './candle.types.ts';
import type { CandleRepository } from './candle.repository.ts';
import type { CandleStore } from './candle-store.ts';
import type { CandleWriter } from './candle-writer.ts';
import { findMissingRanges, mergeCloseRanges, type TimeRange } from './gap-detection.ts';
import { BASE_TIMEFRAMES, type BaseTimeframe, findTimeframe } from './timeframes.ts';

/** Holes closer than this many buckets are fetched as one range (one request beats many tiny ones). */
const GAP_MERGE_BUCKETS = 30;
/** A live exchange that delivered nothing for this long is reported not ready (stale data). */
const STALE_AFTER_MS = 3 * 60_000;
/** How often live series are checked for a silent stall (newest candle too old), repaired by REST. */
const TAIL_AUDIT_INTERVAL_MS = 60_000;
/** Initial backfill retries per series before giving up on it (the exchange may still become ready). */
const BACKFILL_ATTEMPTS = 4;
const BACKFILL_RETRY_BASE_MS = 1_000;
/** Series backfilled at once per exchange; the adapter's own rate limiter spaces the requests. */
const BACKFILL_CONCURRENCY = 4;
/** Above this many candles, a backfill is persisted as chunked history rather than a live batch. */
const HISTORY_BATCH_THRESHOLD = 2_000;

export interface CollectorOptions {
  exchange: string;
  symbols: readonly string[];
  /** Undefined in the `api` role: the window is loaded from the database only. */
  adapter: ExchangeAdapter | undefined;
  store: CandleStore;
  repository: CandleRepository;
  writer: CandleWriter;
  /** Open time of the oldest candle kept, per base timeframe, at `now`. */
  windowStart(timeframe: BaseTimeframe, now: number): number;
  /** Whether stored candles are read back on start (always, except for the sim, which regenerates faster). */
  loadStored: boolean;
  now: () => number;
  logger: FastifyBaseLogger;
  emit(updates: readonly CandleUpdate[]): void;
  /** Waits between retries; tests shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Keeps one exchange's series complete: loads stored history, backfills what is missing by REST, applies live
 * updates, detects gaps by expected open times and repairs them, and reports readiness.
 */
export class CandleCollector {
  private loaded = false;
  private stopped = false;
  private lastContactAt: number;
  private connections = 0;
  private subscription: LiveSubscription | undefined;
  private auditTimer: NodeJS.Timeout | undefined;
  private readonly seriesIds = new Map<string, number>();
  private readonly repairsInFlight = new Map<string, Promise<void>>();
  private readonly readyWaiters: (() => void)[] = [];

  constructor(private readonly options: CollectorOptions) {
    this.lastContactAt = options.now();
  }

  get exchange(): string {
    return this.options.exchange;
  }

  isReady(): boolean {
    if (!this.loaded || this.stopped) return false;
    if (this.options.adapter?.source !== 'live') return true;
    return this.options.now() - this.lastContactAt < STALE_AFTER_MS;
  }

  whenLoaded(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  async start(): Promise<void> {
    const { symbols, adapter, logger, exchange } = this.options;
    const started = this.options.now();
    const jobs = symbols.flatMap((symbol) => BASE_TIMEFRAMES.map((timeframe) => ({ symbol, timeframe })));
    let failures = 0;
    await runWithConcurrency(jobs, BACKFILL_CONCURRENCY, async ({ symbol, timeframe }) => {
      if (this.stopped) return;
      const ok = await this.loadSeries(symbol, timeframe);
      if (!ok) failures += 1;
    });
    if (this.stopped) return;
    this.loaded = failures < jobs.length;
    logger.info(
      { exchange, series: jobs.length, failures, ms: this.options.now() - started },
      'candle history loaded',
    );
    if (!this.loaded) {
      // Nothing could be fetched: stay not ready and try the whole exchange again later.
      await this.sleep(BACKFILL_RETRY_BASE_MS * 2 ** BACKFILL_ATTEMPTS);
      if (!this.stopped) return this.start();
      return;
    }
    this.lastContactAt = this.options.now();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    if (!adapter) return;
    this.subscription = adapter.watchCandles(symbols, BASE_TIMEFRAMES, {
      onCandles: (batch) => this.acceptLiveBatch(batch),
      onConnect: () => this.handleConnect(),
      onDisconnect: (error, attempt) =>
        logger.warn(
          { exchange, attempt, err: describeError(error) },
          'live candle feed disconnected; reconnecting',
        ),
    });
    if (adapter.source === 'live') {
      this.auditTimer = setInterval(() => void this.auditTails(), TAIL_AUDIT_INTERVAL_MS);
      this.auditTimer.unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.auditTimer) clearInterval(this.auditTimer);
    await this.subscription?.stop();
    await Promise.allSettled(this.repairsInFlight.values());
  }

  /**
   * Catch-up of an instance that follows another one's collection (the `api` role) after it missed updates: the
   * stored candles of each series from `from` on (the newest candle it had then, which may have closed since),
   * except from `deliveredFrom` on, which the relay has delivered since (newer than what the database holds).
   * Applied and emitted, never persisted: the instance that stored them may already hold newer versions. Answers
   * how many candles changed.
   */
  async applyStoredTails(
    from: (symbol: string, timeframe: BaseTimeframe) => number | undefined,
    deliveredFrom: (symbol: string, timeframe: BaseTimeframe) => number,
  ): Promise<number> {
    const { exchange, store, symbols, repository } = this.options;
    let applied = 0;
    for (const symbol of symbols) {
      for (const timeframe of BASE_TIMEFRAMES) {
        const since = from(symbol, timeframe);
        if (since === undefined) continue;
        const stored = await repository.findCandlesSince(await this.seriesIdOf(symbol, timeframe), since);
        // Read after the await: what the relay delivered while the database answered is newer.
        const limit = deliveredFrom(symbol, timeframe);
        const series = store.findSeries(exchange, symbol, timeframe);
        const missed = stored.filter((candle) => {
          if (candle.timestamp >= limit) return false;
          const held = series?.get(candle.timestamp);
          return held === undefined || !sameCandle(held, candle);
        });
        if (missed.length === 0) continue;
        this.options.emit(store.applyBaseCandles(exchange, symbol, timeframe, missed).updates);
        applied += missed.length;
      }
    }
    return applied;
  }

  /** Applies a live batch: gap check first (repaired in the background), then store, persist and emit. */
  acceptLiveBatch(batch: CandleBatch): void {
    const { exchange, store } = this.options;
    this.lastContactAt = this.options.now();
    const sizeMs = findTimeframe(batch.timeframe)?.sizeMs ?? 0;
    const last = store.lastTimestamp(exchange, batch.symbol, batch.timeframe);
    const first = batch.candles[0]?.timestamp;
    if (this.loaded && last !== undefined && first !== undefined && first > last + sizeMs) {
      // From `last` itself: it was probably still in progress when we saw it, and it has closed since.
      void this.repair(batch.symbol, batch.timeframe, [{ from: last, to: first - sizeMs }]);
    }
    this.applyAndPersist(batch.symbol, batch.timeframe, batch.candles, true);
  }

  private handleConnect(): void {
    this.connections += 1;
    this.lastContactAt = this.options.now();
    // After a reconnect, whatever closed while we were away is fetched by REST.
    if (this.connections > 1) void this.auditTails();
  }

  /** Repairs every series whose newest candle is older than the previous bucket (a stall or a missed close). */
  private async auditTails(): Promise<void> {
    const { symbols, store, exchange } = this.options;
    const now = this.options.now();
    for (const symbol of symbols) {
      for (const timeframe of BASE_TIMEFRAMES) {
        const sizeMs = findTimeframe(timeframe)?.sizeMs ?? 0;
        const current = alignTimestamp(now, bucketSpecFor(sizeMs));
        const last = store.lastTimestamp(exchange, symbol, timeframe);
        if (last !== undefined && last < current) {
          await this.repair(symbol, timeframe, [{ from: last, to: current }]);
        }
      }
    }
  }

  private async loadSeries(symbol: string, timeframe: BaseTimeframe): Promise<boolean> {
    const { exchange, repository, store, logger } = this.options;
    const now = this.options.now();
    const from = this.options.windowStart(timeframe, now);
    const sizeMs = findTimeframe(timeframe)?.sizeMs ?? 0;
    const current = alignTimestamp(now, bucketSpecFor(sizeMs));
    for (let attempt = 1; attempt <= BACKFILL_ATTEMPTS; attempt += 1) {
      try {
        const seriesId = await this.seriesIdOf(symbol, timeframe);
        let latestStored: number | undefined;
        if (this.options.loadStored) {
          const stored = await repository.findCandlesSince(seriesId, from);
          store.applyBaseCandles(exchange, symbol, timeframe, stored);
          latestStored = stored.at(-1)?.timestamp;
        } else {
          latestStored = await repository.findLatestTimestamp(seriesId);
        }
        if (!this.options.adapter) return true;
        const series = store.findSeries(exchange, symbol, timeframe);
        const missing = series ? findMissingRanges(series, from, current, sizeMs) : [{ from, to: current }];
        // The newest stored candle may have been stored while in progress: fetch it again.
        const last = store.lastTimestamp(exchange, symbol, timeframe);
        if (last !== undefined && !missing.some((range) => range.from <= last && last <= range.to)) {
          missing.push({ from: last, to: last });
        }
        const ranges = mergeCloseRanges(
          missing.sort((a, b) => a.from - b.from),
          GAP_MERGE_BUCKETS * sizeMs,
        );
        for (const range of ranges) {
          const candles = await this.options.adapter.fetchCandles(symbol, timeframe, range.from, range.to);
          // Only what is not stored yet (plus the possibly unfinished newest stored candle) goes to the database.
          this.applyAndPersist(symbol, timeframe, candles, false, latestStored);
        }
        // Holes left by dropped rows or a patchy answer: asked for once more; what the exchange still lacks (a
        // trading halt, a listing date) is accepted.
        const loaded = store.findSeries(exchange, symbol, timeframe);
        const holes = loaded ? findMissingRanges(loaded, from, current, sizeMs) : [];
        if (holes.length > 0) {
          logger.info(
            { exchange, symbol, timeframe, holes: holes.length },
            'candle history has gaps; repairing',
          );
          for (const hole of mergeCloseRanges(holes, GAP_MERGE_BUCKETS * sizeMs)) {
            const candles = await this.options.adapter.fetchCandles(symbol, timeframe, hole.from, hole.to);
            this.applyAndPersist(symbol, timeframe, candles, false);
          }
        }
        return true;
      } catch (error) {
        logger.warn(
          { exchange, symbol, timeframe, attempt, err: describeError(error) },
          'candle backfill failed',
        );
        if (attempt < BACKFILL_ATTEMPTS) await this.sleep(BACKFILL_RETRY_BASE_MS * 2 ** (attempt - 1));
      }
    }
    return false;
  }

  /** Fetches ranges again and applies them; one repair per series at a time. */
  private repair(symbol: string, timeframe: BaseTimeframe, ranges: readonly TimeRange[]): Promise<void> {
    const key = `${symbol}\u0000${timeframe}`;
    const previous = this.repairsInFlight.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      const adapter = this.options.adapter;
      if (!adapter || this.stopped) return;
      for (const range of ranges) {
        try {
          const candles = await adapter.fetchCandles(symbol, timeframe, range.from, range.to);
          this.lastContactAt = this.options.now();
          this.options.logger.info(
            {
              exchange: this.exchange,
              symbol,
              timeframe,
              from: range.from,
              to: range.to,
              fetched: candles.length,
            },
            'candle gap repaired',
          );
          this.applyAndPersist(symbol, timeframe, candles, true);
        } catch (error) {
          this.options.logger.warn(
            { exchange: this.exchange, symbol, timeframe, err: describeError(error) },
            'candle gap repair failed; the tail audit retries it',
          );
        }
      }
    });
    this.repairsInFlight.set(key, next);
    void next.finally(() => {
      if (this.repairsInFlight.get(key) === next) this.repairsInFlight.delete(key);
    });
    return next;
  }

  private applyAndPersist(
    symbol: string,
    timeframe: BaseTimeframe,
    candles: readonly Candle[],
    emit: boolean,
    persistFrom = Number.NEGATIVE_INFINITY,
  ): void {
    const { exchange, store, writer, logger } = this.options;
    const result = store.applyBaseCandles(exchange, symbol, timeframe, candles, emit);
    if (Object.keys(result.rejected).length > 0) {
      logger.warn(
        { exchange, symbol, timeframe, rejected: result.rejected },
        'dropped malformed or misaligned candles',
      );
    }
    const persist =
      persistFrom === Number.NEGATIVE_INFINITY
        ? result.accepted
        : result.accepted.filter((candle) => candle.timestamp >= persistFrom);
    const seriesId = this.seriesIds.get(`${symbol}\u0000${timeframe}`);
    if (seriesId !== undefined && persist.length > 0) {
      if (persist.length > HISTORY_BATCH_THRESHOLD) writer.enqueueHistory(seriesId, persist);
      else writer.enqueue(seriesId, persist);
    }
    if (emit && result.updates.length > 0) this.options.emit(result.updates);
  }

  private async seriesIdOf(symbol: string, timeframe: BaseTimeframe): Promise<number> {
    const key = `${symbol}\u0000${timeframe}`;
    const known = this.seriesIds.get(key);
    if (known !== undefined) return known;
    const id = await this.options.repository.findOrCreateSeriesId({
      exchange: this.exchange,
      symbol,
      timeframe,
    });
    this.seriesIds.set(key, id);
    return id;
  }

  private sleep(ms: number): Promise<void> {
    if (this.options.sleep) return this.options.sleep(ms);
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }
}

async function runWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

/** Upstream errors are logged by name and message only (they can carry URLs and payloads). */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message.slice(0, 300) };
  return { name: 'unknown', message: String(error).slice(0, 300) };
}

function sameCandle(a: Candle, b: Candle): boolean {
  return (
    a.timestamp === b.timestamp &&
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume
  );
}
