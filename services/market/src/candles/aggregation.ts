/**
 * Candle aggregation: pure functions, no I/O. Buckets are aligned to the UTC epoch for minutes, hours and days
 * (`start = floor(t / size) * size`) and to Monday 1970-01-05 00:00 UTC for weeks and multiples of weeks. A bucket
 * is built from the base candles present in it: open = first open, close = last close, high = max, low = min,
 * volume = sum; a bucket with missing base candles is built from those present, an empty bucket does not exist.
 */
import type { Candle } from './candle.types.ts';
import { type CandleColumns, CandleSeries } from './candle-series.ts';
import { WEEK_MS } from './timeframes.ts';

/** The first Monday after the epoch: weeks start on Mondays, as on the exchanges. */
export const WEEK_ALIGNMENT_ORIGIN_MS = Date.UTC(1970, 0, 5);

export interface BucketSpec {
  sizeMs: number;
  /** Buckets start at originMs + k * sizeMs. */
  originMs: number;
}

/** Bucket layout of a timeframe of `sizeMs`: week multiples start on Mondays, everything else on the epoch. */
export function bucketSpecFor(sizeMs: number): BucketSpec {
  return { sizeMs, originMs: sizeMs % WEEK_MS === 0 ? WEEK_ALIGNMENT_ORIGIN_MS : 0 };
}

const OUTPUT_COLUMNS = 6;
/** Exchanges quote volumes with at most 8 decimals. */
const VOLUME_DECIMALS_SCALE = 1e8;
/** A correction smaller than this (relative) is float noise, not information. */
const SUMMATION_NOISE = 1e-12;

/** Adding and then subtracting 1.5 × 2^52 rounds a double below 2^51 to an integer in two additions. */
const ROUNDING_MAGIC = 1.5 * 2 ** 52;
const ROUNDING_MAGIC_LIMIT = 2 ** 51;

/**
 * Summing decimal volumes in binary floats leaves noise in the last digits (1047622.4000000001). When rounding to
 * 8 decimals changes the sum by less than float noise, the rounded value is the exact decimal sum; otherwise the
 * sum is kept as it is. (Math.round is avoided: on some virtual CPUs V8 calls out for it, costing 100 ns a call.)
 */
export function removeSummationNoise(sum: number): number {
  const scaled = sum * VOLUME_DECIMALS_SCALE;
  if (!(Math.abs(scaled) < ROUNDING_MAGIC_LIMIT)) return sum;
  const rounded = (scaled + ROUNDING_MAGIC - ROUNDING_MAGIC) / VOLUME_DECIMALS_SCALE;
  return Math.abs(rounded - sum) <= Math.abs(sum) * SUMMATION_NOISE ? rounded : sum;
}

/**
 * removeSummationNoise over a whole column, with the arithmetic in the loop: a call per value would box each double
 * and cost more than the aggregation itself.
 */
function removeSummationNoiseInPlace(column: Float64Array, length: number): void {
  for (let index = 0; index < length; index += 1) {
    const sum = column[index] as number;
    const scaled = sum * VOLUME_DECIMALS_SCALE;
    if (!(Math.abs(scaled) < ROUNDING_MAGIC_LIMIT)) continue;
    const rounded = (scaled + ROUNDING_MAGIC - ROUNDING_MAGIC) / VOLUME_DECIMALS_SCALE;
    if (Math.abs(rounded - sum) <= Math.abs(sum) * SUMMATION_NOISE) column[index] = rounded;
  }
}

/** The one alignment function: the start of the bucket that holds `timestamp`. */
export function alignTimestamp(timestamp: number, spec: BucketSpec): number {
  return spec.originMs + Math.floor((timestamp - spec.originMs) / spec.sizeMs) * spec.sizeMs;
}

export function isAligned(timestamp: number, spec: BucketSpec): boolean {
  return alignTimestamp(timestamp, spec) === timestamp;
}

/**
 * Aggregates base rows [fromIndex, toIndex) of ascending columns into buckets, in one pass, straight into output
 * columns sized for the worst case. Gaps in the base simply leave buckets partly filled or absent.
 */
export function aggregateColumns(
  base: CandleColumns,
  spec: BucketSpec,
  fromIndex = 0,
  toIndex = base.length,
): CandleSeries {
  const { timestamp, open, high, low, close, volume } = base;
  const { sizeMs, originMs } = spec;
  const count = toIndex - fromIndex;
  if (count <= 0) return new CandleSeries(1);
  const firstBucket = alignTimestamp(timestamp[fromIndex] as number, spec);
  const lastBucket = alignTimestamp(timestamp[toIndex - 1] as number, spec);
  const capacity = Math.min(count, (lastBucket - firstBucket) / sizeMs + 1);
  // One allocation for all six columns: many separate large typed arrays make V8 collect garbage more often.
  const buffer = new ArrayBuffer(capacity * OUTPUT_COLUMNS * Float64Array.BYTES_PER_ELEMENT);
  const column = (index: number): Float64Array =>
    new Float64Array(buffer, index * capacity * Float64Array.BYTES_PER_ELEMENT, capacity);
  const outTime = column(0);
  const outOpen = column(1);
  const outHigh = column(2);
  const outLow = column(3);
  const outClose = column(4);
  const outVolume = column(5);
  let out = -1;
  let bucketEnd = Number.NEGATIVE_INFINITY;
  let bucketHigh = 0;
  let bucketLow = 0;
  let bucketVolume = 0;
  for (let index = fromIndex; index < toIndex; index += 1) {
    const time = timestamp[index] as number;
    if (time >= bucketEnd) {
      if (out >= 0) {
        outHigh[out] = bucketHigh;
        outLow[out] = bucketLow;
        outClose[out] = close[index - 1] as number;
        outVolume[out] = bucketVolume;
      }
      // Inside a bucket the comparison above is all a row costs; the next bucket usually follows the last one, so
      // only a jump over a gap pays for the division.
      out += 1;
      const bucket =
        time < bucketEnd + sizeMs ? bucketEnd : originMs + Math.floor((time - originMs) / sizeMs) * sizeMs;
      bucketEnd = bucket + sizeMs;
      outTime[out] = bucket;
      outOpen[out] = open[index] as number;
      bucketHigh = high[index] as number;
      bucketLow = low[index] as number;
      bucketVolume = volume[index] as number;
    } else {
      const rowHigh = high[index] as number;
      const rowLow = low[index] as number;
      if (rowHigh > bucketHigh) bucketHigh = rowHigh;
      if (rowLow < bucketLow) bucketLow = rowLow;
      bucketVolume += volume[index] as number;
    }
  }
  outHigh[out] = bucketHigh;
  outLow[out] = bucketLow;
  outClose[out] = close[toIndex - 1] as number;
  outVolume[out] = bucketVolume;
  removeSummationNoiseInPlace(outVolume, out + 1);
  return CandleSeries.fromColumns(
    { timestamp: outTime, open: outOpen, high: outHigh, low: outLow, close: outClose, volume: outVolume },
    out + 1,
  );
}

/** The bucket starting at `bucketStart`, built from whatever base candles the series holds in it. */
export function aggregateBucket(
  base: CandleSeries,
  bucketStart: number,
  spec: BucketSpec,
): Candle | undefined {
  const from = base.lowerBound(bucketStart);
  const to = base.lowerBound(bucketStart + spec.sizeMs);
  if (from >= to) return undefined;
  const columns = base.columns();
  let high = columns.high[from] as number;
  let low = columns.low[from] as number;
  let volume = 0;
  for (let index = from; index < to; index += 1) {
    const rowHigh = columns.high[index] as number;
    const rowLow = columns.low[index] as number;
    if (rowHigh > high) high = rowHigh;
    if (rowLow < low) low = rowLow;
    volume += columns.volume[index] as number;
  }
  return {
    timestamp: bucketStart,
    open: columns.open[from] as number,
    high,
    low,
    close: columns.close[to - 1] as number,
    volume: removeSummationNoise(volume),
  };
}

/**
 * Brings a derived series up to date after base candles at `changedBaseTimestamps` changed: each touched bucket is
 * rebuilt from the base (so corrections and late, out-of-order candles are handled like appends). Returns the
 * changed derived candles, ascending.
 */
export function updateDerivedSeries(
  base: CandleSeries,
  derived: CandleSeries,
  changedBaseTimestamps: Iterable<number>,
  spec: BucketSpec,
): Candle[] {
  const buckets = new Set<number>();
  for (const timestamp of changedBaseTimestamps) buckets.add(alignTimestamp(timestamp, spec));
  const changed: Candle[] = [];
  for (const bucketStart of [...buckets].sort((a, b) => a - b)) {
    const candle = aggregateBucket(base, bucketStart, spec);
    if (!candle) continue;
    derived.upsert(candle);
    changed.push(candle);
  }
  return changed;
}

/** Aggregates plain candles (ascending) — a convenience for tests, fixtures and small inputs. */
export function aggregateCandles(candles: readonly Candle[], spec: BucketSpec): Candle[] {
  const series = aggregateColumns(CandleSeries.fromCandles(candles).columns(), spec);
  return series.slice(0, series.length);
}
