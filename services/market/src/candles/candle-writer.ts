import type { Candle } from './candle.types.ts';
import type { CandleRepository } from './candle.repository.ts';
import { CandleSeries } from './candle-series.ts';

export interface CandleWriterOptions {
  repository: CandleRepository;
  /** How often pending candles are written. */
  flushIntervalMs: number;
  /** Rows per transaction when persisting history, so a long write never blocks the event loop for long. */
  historyChunkRows: number;
  onError(error: unknown): void;
}

/**
 * Write-behind persistence: live updates overwrite each other in memory (the in-progress candle changes every few
 * seconds) and are written together once a second; history goes out in chunked transactions in the background.
 * The in-memory window is already serving, so the database is never on a request's path.
 */
export class CandleWriter {
  private readonly pending = new Map<number, Map<number, Candle>>();
  /** History waiting to be written, kept columnar (48 bytes a candle) rather than as objects. */
  private readonly historyQueue: { seriesId: number; candles: CandleSeries; offset: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** History waits while the windows load, so start-up spends its CPU on becoming ready first. */
  private historyHeld = true;

  constructor(private readonly options: CandleWriterOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  enqueue(seriesId: number, candles: readonly Candle[]): void {
    let byTime = this.pending.get(seriesId);
    if (!byTime) {
      byTime = new Map();
      this.pending.set(seriesId, byTime);
    }
    for (const candle of candles) byTime.set(candle.timestamp, candle);
  }

  /** Queues a large, already-sorted history for chunked background writing. */
  enqueueHistory(seriesId: number, candles: readonly Candle[]): void {
    if (candles.length === 0) return;
    const compact = new CandleSeries(candles.length);
    for (const candle of candles) compact.upsert(candle);
    this.historyQueue.push({ seriesId, candles: compact, offset: 0 });
    void this.flush();
  }

  /** Lets queued history go to the database (called once every exchange has loaded). */
  releaseHistory(): void {
    this.historyHeld = false;
    void this.flush();
  }

  /** Writes everything pending; flushes never overlap. */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.writePending());
    return this.running;
  }

  get backlog(): number {
    let rows = this.historyQueue.reduce((sum, item) => sum + item.candles.length - item.offset, 0);
    for (const byTime of this.pending.values()) rows += byTime.size;
    return rows;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private async writePending(): Promise<void> {
    const batches = [...this.pending.entries()].map(([seriesId, byTime]) => ({
      seriesId,
      candles: [...byTime.values()],
    }));
    this.pending.clear();
    try {
      if (batches.length > 0) await this.options.repository.upsertCandles(batches);
      while (this.historyQueue.length > 0 && (!this.historyHeld || this.stopped)) {
        const item = this.historyQueue[0];
        if (!item) break;
        const end = item.offset + this.options.historyChunkRows;
        const chunk = item.candles.slice(item.offset, end);
        await this.options.repository.upsertCandles([{ seriesId: item.seriesId, candles: chunk }]);
        item.offset = end;
        if (item.offset >= item.candles.length) this.historyQueue.shift();
        // Give requests and live updates a turn between chunks.
        if (!this.stopped) await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      // Keep what failed for the next flush, unless a newer version of a candle arrived meanwhile.
      for (const { seriesId, candles } of batches) {
        const byTime = this.pending.get(seriesId) ?? new Map<number, Candle>();
        for (const candle of candles) if (!byTime.has(candle.timestamp)) byTime.set(candle.timestamp, candle);
        this.pending.set(seriesId, byTime);
      }
      this.options.onError(error);
    }
  }
}
