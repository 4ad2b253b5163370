import type { SentimentMetric } from './sentiment.metrics.ts';
import { findHistoryStart, SENTIMENT_METRIC_DEFINITIONS, SENTIMENT_METRICS } from './sentiment.metrics.ts';
import type { SentimentRepository } from './sentiment.repository.ts';
import {
  computeNextRefreshAt,
  SENTIMENT_REFRESH_DELAY_MS,
  SENTIMENT_REFRESH_INTERVAL_MS,
} from './sentiment.schedule.ts';
import type { SentimentSource } from './sentiment.types.ts';

/** The pino subset the collector writes to; keeps this module free of the web framework. */
export interface CollectorLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SentimentCollectorOptions {
  repository: SentimentRepository;
  source: SentimentSource;
  symbols: readonly string[];
  metrics?: readonly SentimentMetric[];
  now: () => number;
  logger: CollectorLogger;
  refreshIntervalMs?: number;
  refreshDelayMs?: number;
  /** Series synced at once; the source's request budget does the real pacing. */
  concurrency?: number;
}

export interface SeriesFailure {
  metric: SentimentMetric;
  symbol: string;
  error: string;
}

export interface SyncReport {
  series: number;
  records: number;
  failures: SeriesFailure[];
}

const DEFAULT_CONCURRENCY = 4;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Keeps the sentiment store current. One routine serves backfill, refresh and restart alike: for each (metric,
 * symbol) it pages forward from the newest stored record (re-fetching that one, in case it was revised) or from the
 * start of the available history, and upserts what it gets. So a restart resumes where the store ends, a failed
 * cycle is caught up by the next one, and nothing is stored twice.
 */
export class SentimentCollector {
  private readonly metrics: readonly SentimentMetric[];
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SyncReport> | undefined;
  private rerunRequested = false;
  private lastReport: SyncReport | undefined;

  constructor(private readonly options: SentimentCollectorOptions) {
    this.metrics = options.metrics ?? SENTIMENT_METRICS;
  }

  /** Backfills now, then refreshes on every quarter hour until `stop()`. */
  start(): void {
    void this.runCycle();
    this.scheduleNext();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** The outcome of the last finished cycle, if any. */
  get report(): SyncReport | undefined {
    return this.lastReport;
  }

  /** Runs one cycle over every series (or joins the one in progress and runs again after it). */
  runCycle(): Promise<SyncReport> {
    if (this.running !== undefined) {
      this.rerunRequested = true;
      return this.running;
    }
    const cycle = this.syncAll().finally(() => {
      this.running = undefined;
      if (this.rerunRequested && !this.abort.signal.aborted) {
        this.rerunRequested = false;
        void this.runCycle();
      }
    });
    this.running = cycle;
    return cycle;
  }

  /** Brings one series up to `now`; returns how many records were written. */
  async syncSeries(metric: SentimentMetric, symbol: string): Promise<number> {
    const definition = SENTIMENT_METRIC_DEFINITIONS[metric];
    const now = this.options.now();
    const historyStart = findHistoryStart(definition, now);
    const newestStored = await this.options.repository.findLatestTimestamp(metric, symbol);
    let cursor = newestStored === undefined ? historyStart : Math.max(newestStored, historyStart);
    let written = 0;
    while (cursor <= now) {
      this.abort.signal.throwIfAborted();
      // A window of exactly one page of periods: the endpoints then answer a bounded, gap-free slice.
      const windowEnd = Math.min(now, cursor + definition.pageLimit * definition.periodMs - 1);
      const records = await this.options.source.fetchPage(
        { metric, symbol, startTime: cursor, endTime: windowEnd, limit: definition.pageLimit },
        this.abort.signal,
      );
      const inWindow = records.filter(
        (record) => record.timestamp >= cursor && record.timestamp <= windowEnd,
      );
      if (inWindow.length > 0) await this.options.repository.upsertRecords(metric, symbol, inWindow);
      // SQLite writes complete synchronously, so without a macrotask break a backfill would starve HTTP requests.
      await yieldToEventLoop();
      written += inWindow.length;
      const last = inWindow[inWindow.length - 1];
      // A full page may have stopped short of the window (funding every 4h or 1h on some pairs): continue after it.
      cursor =
        inWindow.length >= definition.pageLimit && last !== undefined ? last.timestamp + 1 : windowEnd + 1;
    }
    return written;
  }

  private async syncAll(): Promise<SyncReport> {
    const started = this.options.now();
    // Pair by pair, in the list's order (largest first): the pairs most people look at are complete first.
    const jobs = this.options.symbols.flatMap((symbol) => this.metrics.map((metric) => ({ metric, symbol })));
    const report: SyncReport = { series: jobs.length, records: 0, failures: [] };
    let next = 0;
    const worker = async () => {
      while (next < jobs.length && !this.abort.signal.aborted) {
        const job = jobs[next];
        next += 1;
        if (job === undefined) break;
        try {
          // Not `records += await ...`: that reads `records` before awaiting and loses other workers' counts.
          const written = await this.syncSeries(job.metric, job.symbol);
          report.records += written;
        } catch (error) {
          if (this.abort.signal.aborted) break;
          // One series failing (delisted pair, upstream outage) must not hold back the others.
          report.failures.push({ ...job, error: error instanceof Error ? error.message : String(error) });
        }
      }
    };
    const concurrency = this.options.concurrency ?? DEFAULT_CONCURRENCY;
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
    this.lastReport = report;
    const details = {
      source: this.options.source.name,
      ...report,
      failures: report.failures.slice(0, 5),
      ms: this.options.now() - started,
    };
    if (report.failures.length > 0)
      this.options.logger.warn(details, 'sentiment sync finished with failures');
    else this.options.logger.info(details, 'sentiment sync finished');
    return report;
  }

  private scheduleNext(): void {
    if (this.abort.signal.aborted) return;
    const now = this.options.now();
    const at = computeNextRefreshAt(
      now,
      this.options.refreshIntervalMs ?? SENTIMENT_REFRESH_INTERVAL_MS,
      this.options.refreshDelayMs ?? SENTIMENT_REFRESH_DELAY_MS,
    );
    this.timer = setTimeout(() => {
      void this.runCycle();
      this.scheduleNext();
    }, at - now);
    // The refresh timer alone must not keep a process (or a test run) alive.
    this.timer.unref();
  }
}
