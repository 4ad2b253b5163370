import type { Candle } from './candle.types.ts';

/** Read-only columnar candles, ascending by timestamp; `length` rows from index 0. */
export interface CandleColumns {
  readonly timestamp: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  readonly length: number;
}

export type UpsertOutcome = 'appended' | 'replaced' | 'inserted';

const INITIAL_CAPACITY = 64;
let nextSeriesId = 0;
/** Growth when full: 1.5× keeps a large window from doubling its memory for a few more rows. */
const GROWTH_FACTOR = 1.5;
/** Spare room a bulk load leaves for live rows; the window trims as it appends, so this is rarely outgrown. */
const BULK_HEADROOM = 1 / 8;
/** When this share of the capacity is already trimmed away, a full series compacts in place instead of growing. */
const COMPACT_WHEN_TRIMMED = 1 / 16;

function capacityFor(rows: number): number {
  return Math.ceil(rows * (1 + BULK_HEADROOM)) + INITIAL_CAPACITY;
}

/**
 * A growable, trimmable series of candles kept as six Float64Array columns, ascending by timestamp with unique
 * timestamps. Columns keep a large window compact (48 bytes a candle, no object per row) and make scans
 * cache-friendly. Live data almost always appends or replaces the newest row; inserting in the middle (a repaired
 * gap) shifts the tail, which is rare.
 */
export class CandleSeries {
  private timestamps: Float64Array;
  private opens: Float64Array;
  private highs: Float64Array;
  private lows: Float64Array;
  private closes: Float64Array;
  private volumes: Float64Array;
  /** Rows live in [head, tail) so trimming the oldest rows costs nothing until the next compaction. */
  private head = 0;
  private tail = 0;
  /** Counts writes and trims, so a cache of anything derived from the rows knows when it is stale. */
  private writes = 0;
  /** Process-unique, for caches keyed by series. */
  readonly id = (nextSeriesId += 1);

  constructor(initialCapacity = INITIAL_CAPACITY) {
    const capacity = Math.max(1, initialCapacity);
    this.timestamps = new Float64Array(capacity);
    this.opens = new Float64Array(capacity);
    this.highs = new Float64Array(capacity);
    this.lows = new Float64Array(capacity);
    this.closes = new Float64Array(capacity);
    this.volumes = new Float64Array(capacity);
  }

  /** Adopts filled columns (rows [0, length), ascending, unique timestamps) without copying. */
  static fromColumns(columns: Omit<CandleColumns, 'length'>, length: number): CandleSeries {
    const series = new CandleSeries(1);
    series.timestamps = columns.timestamp;
    series.opens = columns.open;
    series.highs = columns.high;
    series.lows = columns.low;
    series.closes = columns.close;
    series.volumes = columns.volume;
    series.tail = length;
    return series;
  }

  static fromCandles(candles: readonly Candle[]): CandleSeries {
    const series = new CandleSeries(candles.length);
    for (const candle of candles) series.upsert(candle);
    return series;
  }

  get length(): number {
    return this.tail - this.head;
  }

  get revision(): number {
    return this.writes;
  }

  /** Zero-copy views of the rows. Valid until the next write. */
  columns(): CandleColumns {
    const { head, tail } = this;
    return {
      timestamp: this.timestamps.subarray(head, tail),
      open: this.opens.subarray(head, tail),
      high: this.highs.subarray(head, tail),
      low: this.lows.subarray(head, tail),
      close: this.closes.subarray(head, tail),
      volume: this.volumes.subarray(head, tail),
      length: tail - head,
    };
  }

  timestampAt(index: number): number {
    return this.timestamps[this.head + index] ?? Number.NaN;
  }

  candleAt(index: number): Candle | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const row = this.head + index;
    return {
      timestamp: this.timestamps[row] ?? 0,
      open: this.opens[row] ?? 0,
      high: this.highs[row] ?? 0,
      low: this.lows[row] ?? 0,
      close: this.closes[row] ?? 0,
      volume: this.volumes[row] ?? 0,
    };
  }

  first(): Candle | undefined {
    return this.candleAt(0);
  }

  last(): Candle | undefined {
    return this.candleAt(this.length - 1);
  }

  /** Index of the first row with timestamp >= `timestamp` (length when none). */
  lowerBound(timestamp: number): number {
    let low = this.head;
    let high = this.tail;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.timestamps[middle] ?? 0) < timestamp) low = middle + 1;
      else high = middle;
    }
    return low - this.head;
  }

  /** Index of the first row with timestamp > `timestamp` (length when none). */
  upperBound(timestamp: number): number {
    let low = this.head;
    let high = this.tail;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.timestamps[middle] ?? 0) <= timestamp) low = middle + 1;
      else high = middle;
    }
    return low - this.head;
  }

  indexOf(timestamp: number): number {
    const index = this.lowerBound(timestamp);
    return index < this.length && this.timestampAt(index) === timestamp ? index : -1;
  }

  get(timestamp: number): Candle | undefined {
    const index = this.indexOf(timestamp);
    return index < 0 ? undefined : this.candleAt(index);
  }

  /** Candles with timestamp in [from, to], ascending. */
  slice(fromIndex: number, toIndex: number): Candle[] {
    const candles: Candle[] = [];
    const end = Math.min(toIndex, this.length);
    for (let index = Math.max(0, fromIndex); index < end; index += 1) {
      const candle = this.candleAt(index);
      if (candle) candles.push(candle);
    }
    return candles;
  }

  /** Makes room for `rows` more rows at once (a bulk load), so growth happens once and to the exact size. */
  reserve(rows: number): void {
    const needed = this.length + rows;
    if (this.timestamps.length - this.head >= needed) return;
    this.resize(capacityFor(needed));
  }

  /**
   * Upserts rows [from, to) of ascending columns without building candle objects: appends in one copy when they
   * all follow the newest row, otherwise row by row.
   */
  upsertColumns(columns: CandleColumns, from = 0, to = columns.length): void {
    if (to <= from) return;
    const firstTime = columns.timestamp[from] as number;
    if (this.length === 0 || firstTime > (this.timestamps[this.tail - 1] ?? 0)) {
      const count = to - from;
      if (this.timestamps.length - this.tail < count) this.resize(capacityFor(this.length + count));
      const at = this.tail;
      this.timestamps.set(columns.timestamp.subarray(from, to), at);
      this.opens.set(columns.open.subarray(from, to), at);
      this.highs.set(columns.high.subarray(from, to), at);
      this.lows.set(columns.low.subarray(from, to), at);
      this.closes.set(columns.close.subarray(from, to), at);
      this.volumes.set(columns.volume.subarray(from, to), at);
      this.tail += count;
      this.writes += 1;
      return;
    }
    for (let index = from; index < to; index += 1) {
      this.upsert({
        timestamp: columns.timestamp[index] as number,
        open: columns.open[index] as number,
        high: columns.high[index] as number,
        low: columns.low[index] as number,
        close: columns.close[index] as number,
        volume: columns.volume[index] as number,
      });
    }
  }

  upsert(candle: Candle): UpsertOutcome {
    const { timestamp } = candle;
    if (this.tail === this.head || (this.timestamps[this.tail - 1] ?? 0) < timestamp) {
      this.ensureRoomAtTail();
      this.writeRow(this.tail, candle);
      this.tail += 1;
      return 'appended';
    }
    const position = this.lowerBound(timestamp);
    if (this.timestamps[this.head + position] === timestamp && position < this.length) {
      this.writeRow(this.head + position, candle);
      return 'replaced';
    }
    // Growing or compacting moves the rows, so the absolute index is taken after making room.
    this.ensureRoomAtTail();
    const index = this.head + position;
    for (const column of this.allColumns()) column.copyWithin(index + 1, index, this.tail);
    this.writeRow(index, candle);
    this.tail += 1;
    return 'inserted';
  }

  /** Drops rows older than `timestamp`. */
  trimBefore(timestamp: number): void {
    const dropped = this.lowerBound(timestamp);
    if (dropped === 0) return;
    this.head += dropped;
    this.writes += 1;
  }

  private writeRow(row: number, candle: Candle): void {
    this.writes += 1;
    this.timestamps[row] = candle.timestamp;
    this.opens[row] = candle.open;
    this.highs[row] = candle.high;
    this.lows[row] = candle.low;
    this.closes[row] = candle.close;
    this.volumes[row] = candle.volume;
  }

  private allColumns(): Float64Array[] {
    return [this.timestamps, this.opens, this.highs, this.lows, this.closes, this.volumes];
  }

  /** Makes room for one more row: by compacting trimmed rows away when enough are, else by growing. */
  private ensureRoomAtTail(): void {
    const capacity = this.timestamps.length;
    if (this.tail < capacity) return;
    const compact = this.head > 0 && this.head >= capacity * COMPACT_WHEN_TRIMMED;
    this.resize(compact ? capacity : Math.ceil(capacity * GROWTH_FACTOR) + 1);
  }

  /** Moves the rows to the start of columns of `capacity` rows (the same arrays when the capacity is unchanged). */
  private resize(capacity: number): void {
    const length = this.length;
    const move = (column: Float64Array): Float64Array => {
      const next = capacity === column.length ? column : new Float64Array(capacity);
      next.set(column.subarray(this.head, this.tail), 0);
      return next;
    };
    this.timestamps = move(this.timestamps);
    this.opens = move(this.opens);
    this.highs = move(this.highs);
    this.lows = move(this.lows);
    this.closes = move(this.closes);
    this.volumes = move(this.volumes);
    this.head = 0;
    this.tail = length;
  }
}
