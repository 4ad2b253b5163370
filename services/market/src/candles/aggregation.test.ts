import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  aggregateColumns,
  alignTimestamp,
  bucketSpecFor,
  type BucketSpec,
  updateDerivedSeries,
  WEEK_ALIGNMENT_ORIGIN_MS,
} from './aggregation.ts';
import type { Candle } from './candle.types.ts';
import { CandleSeries } from './candle-series.ts';
import { BASE_TIMEFRAMES, DERIVED_TIMEFRAMES_BY_BASE, findTimeframe, WEEK_MS } from './timeframes.ts';

/** The obvious, slow definition the engine must agree with. */
function aggregateNaively(candles: readonly Candle[], spec: BucketSpec): Candle[] {
  const buckets = new Map<number, Candle[]>();
  for (const candle of candles) {
    const start = spec.originMs + Math.floor((candle.timestamp - spec.originMs) / spec.sizeMs) * spec.sizeMs;
    buckets.set(start, [...(buckets.get(start) ?? []), candle]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([timestamp, members]) => {
      const sorted = [...members].sort((a, b) => a.timestamp - b.timestamp);
      return {
        timestamp,
        open: sorted[0]?.open ?? 0,
        high: Math.max(...sorted.map((c) => c.high)),
        low: Math.min(...sorted.map((c) => c.low)),
        close: sorted.at(-1)?.close ?? 0,
        volume: sorted.reduce((sum, c) => sum + c.volume, 0),
      };
    });
}

const timeframePairs = BASE_TIMEFRAMES.flatMap((base) =>
  DERIVED_TIMEFRAMES_BY_BASE[base].map((derived) => ({ base, derived })),
);

const candleValues = fc
  .record({
    open: fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
    close: fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
    up: fc.double({ min: 0, max: 1000, noNaN: true }),
    down: fc.double({ min: 0, max: 1000, noNaN: true }),
    volume: fc.double({ min: 0, max: 1e9, noNaN: true }),
  })
  .map(({ open, close, up, down, volume }) => ({
    open,
    close,
    high: Math.max(open, close) + up,
    low: Math.max(0, Math.min(open, close) - down),
    volume,
  }));

/** Base candles of one timeframe at aligned times, with random gaps. */
const baseSeriesWithGaps = fc
  .record({
    pair: fc.constantFrom(...timeframePairs),
    startIndex: fc.integer({ min: 0, max: 3_000_000 }),
    rows: fc.array(fc.tuple(fc.boolean(), candleValues), { minLength: 1, maxLength: 300 }),
  })
  .map(({ pair, startIndex, rows }) => {
    const base = findTimeframe(pair.base);
    const derived = findTimeframe(pair.derived);
    if (!base || !derived) throw new Error('timeframe table is broken');
    const baseSpec = bucketSpecFor(base.sizeMs);
    const first = alignTimestamp(startIndex * base.sizeMs, baseSpec);
    const candles = rows
      .map(([present, values], index) =>
        present ? { timestamp: first + index * base.sizeMs, ...values } : undefined,
      )
      .filter((candle): candle is Candle => candle !== undefined);
    return { candles, spec: bucketSpecFor(derived.sizeMs) };
  });

function expectSameCandles(actual: readonly Candle[], expected: readonly Candle[]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((candle, index) => {
    const reference = expected[index];
    expect(candle.timestamp).toBe(reference?.timestamp);
    expect(candle.open).toBe(reference?.open);
    expect(candle.high).toBe(reference?.high);
    expect(candle.low).toBe(reference?.low);
    expect(candle.close).toBe(reference?.close);
    expect(candle.volume).toBeCloseTo(reference?.volume ?? Number.NaN, 3);
  });
}

describe('alignTimestamp', () => {
  it('puts every instant in the bucket that contains it, on the epoch or on Mondays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.constantFrom(...timeframePairs.map((pair) => pair.derived), ...BASE_TIMEFRAMES),
        (timestamp, name) => {
          const info = findTimeframe(name);
          if (!info) return false;
          const spec = bucketSpecFor(info.sizeMs);
          const start = alignTimestamp(timestamp, spec);
          expect(start).toBeLessThanOrEqual(timestamp);
          expect(timestamp).toBeLessThan(start + info.sizeMs);
          if (info.sizeMs % WEEK_MS === 0) {
            expect(new Date(start).getUTCDay()).toBe(1);
            expect(Math.abs((start - WEEK_ALIGNMENT_ORIGIN_MS) % info.sizeMs)).toBe(0);
          } else {
            expect(start % info.sizeMs).toBe(0);
          }
          return true;
        },
      ),
    );
  });

  it('starts weeks on Monday 00:00 UTC and days on midnight UTC', () => {
    const wednesday = Date.UTC(2025, 9, 22, 13, 5);
    expect(new Date(alignTimestamp(wednesday, bucketSpecFor(WEEK_MS))).toISOString()).toBe(
      '2025-10-20T00:00:00.000Z',
    );
    const threeDays = findTimeframe('3d');
    expect(threeDays).toBeDefined();
    const start = alignTimestamp(wednesday, bucketSpecFor(threeDays?.sizeMs ?? 0));
    expect(start % (3 * 86_400_000)).toBe(0);
  });
});

describe('aggregateColumns', () => {
  it('matches the naive definition on random data with gaps', () => {
    fc.assert(
      fc.property(baseSeriesWithGaps, ({ candles, spec }) => {
        expectSameCandles(aggregateCandles(candles, spec), aggregateNaively(candles, spec));
      }),
      { numRuns: 300 },
    );
  });

  it('builds a bucket with missing base candles from those present', () => {
    const minute = 60_000;
    const base: Candle[] = [
      { timestamp: 0, open: 10, high: 12, low: 9, close: 11, volume: 1 },
      // 1m and 2m missing
      { timestamp: 3 * minute, open: 11, high: 15, low: 10, close: 14, volume: 2 },
      { timestamp: 5 * minute, open: 14, high: 14, low: 13, close: 13.5, volume: 4 },
    ];
    expect(aggregateCandles(base, bucketSpecFor(5 * minute))).toEqual([
      { timestamp: 0, open: 10, high: 15, low: 9, close: 14, volume: 3 },
      { timestamp: 5 * minute, open: 14, high: 14, low: 13, close: 13.5, volume: 4 },
    ]);
  });

  it('aggregates a sub-range of the columns', () => {
    const base = CandleSeries.fromCandles(
      [0, 1, 2, 3].map((index) => ({
        timestamp: index * 60_000,
        open: index,
        high: index,
        low: index,
        close: index,
        volume: 1,
      })),
    );
    const out = aggregateColumns(base.columns(), bucketSpecFor(120_000), 1, 3);
    expect(out.slice(0, out.length).map((candle) => [candle.timestamp, candle.open, candle.close])).toEqual([
      [0, 1, 1],
      [120_000, 2, 2],
    ]);
  });
});

describe('updateDerivedSeries', () => {
  it('keeps a derived series equal to the batch aggregate under random, out-of-order and repeated updates', () => {
    fc.assert(
      fc.property(
        baseSeriesWithGaps,
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), candleValues), { maxLength: 20 }),
        ({ candles, spec }, order, revisions) => {
          // Apply the candles in a shuffled order, then some revisions of already-seen candles.
          const shuffled = [...candles];
          order.forEach((pick, index) => {
            if (shuffled.length < 2) return;
            const from = index % shuffled.length;
            const to = pick % shuffled.length;
            const [moved] = shuffled.splice(from, 1);
            if (moved) shuffled.splice(to, 0, moved);
          });
          const updates = [
            ...shuffled,
            ...revisions.flatMap(([pick, values]) => {
              const target = candles[pick % candles.length];
              return target ? [{ ...values, timestamp: target.timestamp }] : [];
            }),
          ];
          const base = new CandleSeries(4);
          const derived = new CandleSeries(4);
          for (const update of updates) {
            base.upsert(update);
            updateDerivedSeries(base, derived, [update.timestamp], spec);
          }
          const finalBase = base.slice(0, base.length);
          expectSameCandles(derived.slice(0, derived.length), aggregateNaively(finalBase, spec));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reports only the buckets that changed', () => {
    const base = CandleSeries.fromCandles(
      [0, 1, 2, 3, 4, 5].map((index) => ({
        timestamp: index * 60_000,
        open: 1,
        high: 2,
        low: 0.5,
        close: 1.5,
        volume: 1,
      })),
    );
    const derived = aggregateColumns(base.columns(), bucketSpecFor(180_000));
    base.upsert({ timestamp: 4 * 60_000, open: 1, high: 9, low: 0.5, close: 1.5, volume: 3 });
    const changed = updateDerivedSeries(base, derived, [4 * 60_000], bucketSpecFor(180_000));
    expect(changed).toEqual([{ timestamp: 180_000, open: 1, high: 9, low: 0.5, close: 1.5, volume: 5 }]);
    expect(derived.get(180_000)?.high).toBe(9);
  });
});
