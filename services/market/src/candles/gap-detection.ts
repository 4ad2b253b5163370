import type { CandleSeries } from './candle-series.ts';

/** An inclusive range of open times, on the series' grid. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * The ranges of expected open times in [from, to] (both on the grid of `sizeMs`) that the series does not hold.
 * Pure; the collector repairs each range by a REST backfill.
 */
export function findMissingRanges(
  series: CandleSeries,
  from: number,
  to: number,
  sizeMs: number,
): TimeRange[] {
  const ranges: TimeRange[] = [];
  if (to < from) return ranges;
  let expected = from;
  const columns = series.columns();
  for (let index = series.lowerBound(from); index < columns.length; index += 1) {
    const timestamp = columns.timestamp[index] as number;
    if (timestamp > to) break;
    if (timestamp > expected) ranges.push({ from: expected, to: timestamp - sizeMs });
    expected = timestamp + sizeMs;
  }
  if (expected <= to) ranges.push({ from: expected, to });
  return ranges;
}

/** Joins ranges separated by fewer than `minimumGapMs`, so many small holes cost a few requests rather than many. */
export function mergeCloseRanges(ranges: readonly TimeRange[], minimumGapMs: number): TimeRange[] {
  const merged: TimeRange[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range.from - previous.to <= minimumGapMs) previous.to = Math.max(previous.to, range.to);
    else merged.push({ ...range });
  }
  return merged;
}
