import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle } from './candle.types.ts';
import { CandleSeries } from './candle-series.ts';

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('upsert' as const),
    slot: fc.integer({ min: 0, max: 200 }),
    value: fc.double({ noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('trim' as const),
    slot: fc.integer({ min: 0, max: 200 }),
    value: fc.constant(0),
  }),
);

describe('CandleSeries', () => {
  it('behaves like a sorted map under random upserts and trims', () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 400 }),
        fc.integer({ min: 1, max: 8 }),
        (operations, capacity) => {
          const series = new CandleSeries(capacity);
          const reference = new Map<number, Candle>();
          for (const { kind, slot, value } of operations) {
            const timestamp = slot * 60_000;
            if (kind === 'upsert') {
              const candle = { timestamp, open: value, high: value, low: value, close: value, volume: slot };
              series.upsert(candle);
              reference.set(timestamp, candle);
            } else {
              series.trimBefore(timestamp);
              for (const key of [...reference.keys()]) if (key < timestamp) reference.delete(key);
            }
          }
          const expected = [...reference.values()].sort((a, b) => a.timestamp - b.timestamp);
          expect(series.slice(0, series.length)).toEqual(expected);
          expect(series.length).toBe(expected.length);
          const probe = 100 * 60_000;
          expect(series.lowerBound(probe)).toBe(expected.filter((candle) => candle.timestamp < probe).length);
          expect(series.upperBound(probe)).toBe(
            expected.filter((candle) => candle.timestamp <= probe).length,
          );
        },
      ),
    );
  });

  it('reports how a row was written', () => {
    const series = new CandleSeries(1);
    const at = (timestamp: number): Candle => ({ timestamp, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    expect(series.upsert(at(2))).toBe('appended');
    expect(series.upsert(at(2))).toBe('replaced');
    expect(series.upsert(at(1))).toBe('inserted');
    expect(series.columns().timestamp).toEqual(new Float64Array([1, 2]));
  });
});
