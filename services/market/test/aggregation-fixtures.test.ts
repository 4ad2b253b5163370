import { describe, expect, it } from 'vitest';
import { aggregateCandles, bucketSpecFor } from '../src/candles/aggregation.ts';
import type { Candle } from '../src/candles/candle.types.ts';
import { findTimeframe } from '../src/candles/timeframes.ts';
import { readCandleCsv } from './fixtures/candle-csv.ts';

/** Relative tolerance for summed volumes: the exchange sums decimals exactly, we sum binary floats. */
const VOLUME_TOLERANCE = 1e-9;

function sizeOf(name: string): number {
  const info = findTimeframe(name);
  if (!info) throw new Error(`unknown timeframe ${name}`);
  return info.sizeMs;
}

/**
 * Compares our aggregate of `baseFile` with the exchange's native `nativeFile`, on every bucket the base covers
 * completely (the files start and end at different moments). Returns how many buckets were compared.
 */
function compareWithExchange(baseFile: string, baseTf: string, nativeFile: string, nativeTf: string): number {
  const base = readCandleCsv(baseFile);
  const native = new Map(readCandleCsv(nativeFile).map((candle) => [candle.timestamp, candle]));
  const spec = bucketSpecFor(sizeOf(nativeTf));
  const perBucket = sizeOf(nativeTf) / sizeOf(baseTf);
  const counts = new Map<number, number>();
  for (const candle of base) {
    const start = spec.originMs + Math.floor((candle.timestamp - spec.originMs) / spec.sizeMs) * spec.sizeMs;
    counts.set(start, (counts.get(start) ?? 0) + 1);
  }
  let compared = 0;
  for (const ours of aggregateCandles(base, spec)) {
    const theirs: Candle | undefined = native.get(ours.timestamp);
    if (!theirs || counts.get(ours.timestamp) !== perBucket) continue;
    expect([ours.open, ours.high, ours.low, ours.close]).toEqual([
      theirs.open,
      theirs.high,
      theirs.low,
      theirs.close,
    ]);
    expect(Math.abs(ours.volume - theirs.volume)).toBeLessThanOrEqual(
      VOLUME_TOLERANCE * Math.max(1, theirs.volume),
    );
    compared += 1;
  }
  return compared;
}

describe('aggregation against real exchange aggregates', () => {
  it.each([
    ['5m', 'bybit-linear-ADAUSDT_5m.csv', 900],
    ['15m', 'bybit-linear-ADAUSDT_15m.csv', 300],
    ['1h', 'bybit-linear-ADAUSDT_60m.csv', 75],
    ['4h', 'bybit-linear-ADAUSDT_240m.csv', 18],
  ])('Bybit linear ADAUSDT 1m → %s', (tf, nativeFile, atLeast) => {
    expect(compareWithExchange('bybit-linear-ADAUSDT_1m.csv', '1m', nativeFile, tf)).toBeGreaterThanOrEqual(
      atLeast,
    );
  });

  it('Bybit linear BTCUSDT 1d → 1w starts weeks on Monday', () => {
    expect(
      compareWithExchange('bybit-linear-BTCUSDT_1d.csv', '1d', 'bybit-linear-BTCUSDT_1w.csv', '1w'),
    ).toBeGreaterThanOrEqual(140);
  });

  it.each([
    ['4h', 'binance-spot-BTCUSDT_4h.csv', 160],
    ['1d', 'binance-spot-BTCUSDT_1d.csv', 25],
  ])('Binance spot BTCUSDT 1h → %s', (tf, nativeFile, atLeast) => {
    expect(compareWithExchange('binance-spot-BTCUSDT_1h.csv', '1h', nativeFile, tf)).toBeGreaterThanOrEqual(
      atLeast,
    );
  });
});
