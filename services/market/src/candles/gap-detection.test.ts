import { describe, expect, it } from 'vitest';
import { CandleSeries } from './candle-series.ts';
import { findMissingRanges, mergeCloseRanges } from './gap-detection.ts';

const MINUTE = 60_000;
const seriesAt = (...minutes: number[]): CandleSeries =>
  CandleSeries.fromCandles(
    minutes.map((minute) => ({ timestamp: minute * MINUTE, open: 1, high: 1, low: 1, close: 1, volume: 1 })),
  );

describe('findMissingRanges', () => {
  it('finds holes inside, before and after the stored candles', () => {
    const series = seriesAt(2, 3, 6, 7);
    expect(findMissingRanges(series, 0, 9 * MINUTE, MINUTE)).toEqual([
      { from: 0, to: MINUTE },
      { from: 4 * MINUTE, to: 5 * MINUTE },
      { from: 8 * MINUTE, to: 9 * MINUTE },
    ]);
  });

  it('reports the whole range for an empty series and nothing for a full one', () => {
    expect(findMissingRanges(new CandleSeries(), 0, 2 * MINUTE, MINUTE)).toEqual([
      { from: 0, to: 2 * MINUTE },
    ]);
    expect(findMissingRanges(seriesAt(0, 1, 2), 0, 2 * MINUTE, MINUTE)).toEqual([]);
  });

  it('merges ranges that are close together', () => {
    expect(
      mergeCloseRanges(
        [
          { from: 0, to: 1 },
          { from: 3, to: 4 },
          { from: 20, to: 21 },
        ],
        5,
      ),
    ).toEqual([
      { from: 0, to: 4 },
      { from: 20, to: 21 },
    ]);
  });
});
