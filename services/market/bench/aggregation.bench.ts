// Aggregation engine speed: 1m → derived timeframes over the same Float64Array columns, compared in the same run
// with (a) a plain sequential scan that reads the same six columns and does no bucketing (target: aggregation
// ≤ 3× the scan) and (b) the npm package candlestick-convert on the same candles (CCXT arrays, its input format).
// The scan and our aggregations run interleaved; candlestick-convert runs in a phase of its own afterwards (its
// millions of short-lived objects would otherwise put their garbage collection into our timings).
import { describeMachine } from '@app/bench-kit';
import { batchCandles } from 'candlestick-convert';
import { aggregateColumns, bucketSpecFor } from '../src/candles/aggregation.ts';
import { type CandleColumns, CandleSeries } from '../src/candles/candle-series.ts';
import { MINUTE_MS } from '../src/candles/timeframes.ts';
import { SimMarket } from '../src/exchanges/sim/sim-market.ts';
import { findSimProfile } from '../src/exchanges/sim/sim-profiles.ts';

const DAYS = 30;
const SERIES = 10;
const TARGET_MINUTES = [5, 15, 45, 240];
const ROUNDS = 20;
/** Untimed rounds first: V8 optimises a function only after many calls. */
const WARM_UP_ROUNDS = 40;
const TARGET_RATIO = 3;

type OhlcvRow = [number, number, number, number, number, number];

function buildSeries(index: number): CandleSeries {
  const now = Date.UTC(2025, 10, 12);
  const market = new SimMarket({
    seed: `bench-${index}`,
    exchange: 'bybit',
    symbol: 'BTC/USDT:USDT',
    profile: findSimProfile('BTC/USDT:USDT'),
    activity: 1,
  });
  return CandleSeries.fromCandles(market.candles('1m', now - DAYS * 24 * 60 * MINUTE_MS, now - 1, now));
}

/** Reads every column of every row once, like the aggregation does, without bucketing. */
function scanColumns(columns: CandleColumns): number {
  let checksum = 0;
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  for (let index = 0; index < columns.length; index += 1) {
    const rowHigh = columns.high[index] as number;
    const rowLow = columns.low[index] as number;
    if (rowHigh > high) high = rowHigh;
    if (rowLow < low) low = rowLow;
    checksum +=
      (columns.timestamp[index] as number) +
      (columns.open[index] as number) +
      (columns.close[index] as number) +
      (columns.volume[index] as number);
  }
  return checksum + high + low;
}

const series = Array.from({ length: SERIES }, (_, index) => buildSeries(index));
const columns = series.map((item) => item.columns());
const rows = columns.reduce((sum, item) => sum + item.length, 0);
const ccxtArrays = series.map((item) =>
  item.slice(0, item.length).map((c): OhlcvRow => [c.timestamp, c.open, c.high, c.low, c.close, c.volume]),
);

// Each contender works on one series (43 200 candles) at a time and keeps its best time per series; the sum over the
// series is its result. Short timed pieces (a millisecond or less) fit in one scheduler slice, so a busy machine
// pre-empting a long run does not decide the comparison.
type Work = (index: number) => number;
const ours: Record<string, Work> = {
  scan: (index) => scanColumns(columns[index] as CandleColumns),
};
const theirs: Record<string, Work> = {};
for (const minutes of TARGET_MINUTES) {
  const spec = bucketSpecFor(minutes * MINUTE_MS);
  ours[`ours ${minutes}m`] = (index) => aggregateColumns(columns[index] as CandleColumns, spec).length;
  theirs[`candlestick-convert ${minutes}m`] = (index) =>
    batchCandles(ccxtArrays[index] ?? [], 60, minutes * 60, true).length;
}

const best: Record<string, number> = {};
let sink = 0;
function runPhase(contenders: Record<string, Work>, warmUpRounds: number): void {
  const perSeries: Record<string, number[]> = {};
  for (let round = 0; round < warmUpRounds + ROUNDS; round += 1) {
    for (const [name, work] of Object.entries(contenders)) {
      const times = (perSeries[name] ??= Array.from({ length: SERIES }, () => Number.POSITIVE_INFINITY));
      for (let index = 0; index < SERIES; index += 1) {
        const started = performance.now();
        sink += work(index);
        const elapsed = performance.now() - started;
        if (round >= warmUpRounds) times[index] = Math.min(times[index] ?? Number.POSITIVE_INFINITY, elapsed);
      }
    }
  }
  for (const [name, times] of Object.entries(perSeries))
    best[name] = times.reduce((sum, time) => sum + time, 0);
}
runPhase(ours, WARM_UP_ROUNDS);
runPhase(theirs, 3);

const scanMs = best['scan'] ?? Number.NaN;
console.log(`machine: ${describeMachine()}`);
console.log(
  `data: ${SERIES} series × ${DAYS} days of 1m = ${rows} candles; best of ${ROUNDS} interleaved rounds per series, summed`,
);
console.log(
  `plain sequential scan of the same columns: ${scanMs.toFixed(2)} ms (${(rows / scanMs / 1000).toFixed(1)} M rows/s)`,
);
let worstRatio = 0;
for (const minutes of TARGET_MINUTES) {
  const oursMs = best[`ours ${minutes}m`] ?? Number.NaN;
  const theirsMs = best[`candlestick-convert ${minutes}m`] ?? Number.NaN;
  worstRatio = Math.max(worstRatio, oursMs / scanMs);
  console.log(
    `1m → ${minutes}m: aggregateColumns ${oursMs.toFixed(2)} ms (${(oursMs / scanMs).toFixed(2)}× the scan) | ` +
      `candlestick-convert ${theirsMs.toFixed(2)} ms (ours ${(theirsMs / oursMs).toFixed(1)}× faster)`,
  );
}
console.log(
  `worst aggregation/scan ratio: ${worstRatio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) → ${worstRatio <= TARGET_RATIO ? 'met' : 'missed'}`,
);
if (sink === 0) console.log('(no output)');
