import {
  aggregateColumns,
  alignTimestamp,
  type BucketSpec,
  bucketSpecFor,
  updateDerivedSeries,
} from './aggregation.ts';
import type { Candle, CandleUpdate } from './candle.types.ts';
import { CandleSeries } from './candle-series.ts';
import { type CandleDefect, findCandleDefect } from './candle-validation.ts';
import {
  BASE_TIMEFRAMES,
  type BaseTimeframe,
  DERIVED_TIMEFRAMES_BY_BASE,
  findTimeframe,
} from './timeframes.ts';

/** How much history each base timeframe keeps in memory (ms); undefined keeps everything. */
export type RetentionPolicy = Readonly<Record<BaseTimeframe, number | undefined>>;

interface DerivedSeries {
  name: string;
  spec: BucketSpec;
  series: CandleSeries;
}

interface BaseSeries {
  timeframe: BaseTimeframe;
  spec: BucketSpec;
  series: CandleSeries;
  derived: DerivedSeries[];
}

export interface ApplyResult {
  /** Base candles written (sound ones), ascending. */
  accepted: Candle[];
  /** Dropped candles by reason. */
  rejected: Partial<Record<CandleDefect, number>>;
  /** The base update and one per derived timeframe that changed, in that order; empty when nothing changed. */
  updates: CandleUpdate[];
}

/** Above this many candles in one batch, derived series are rebuilt by one scan instead of bucket by bucket. */
const BULK_REBUILD_THRESHOLD = 256;

/**
 * The in-memory windows: for every exchange and symbol, each base series and its derived series as columnar
 * candles. Pure (no I/O, no clock): the feed decides when to load, apply and trim.
 */
export class CandleStore {
  private readonly windows = new Map<string, BaseSeries>();

  constructor(
    symbolsByExchange: Readonly<Record<string, readonly string[]>>,
    private readonly retention: RetentionPolicy,
  ) {
    for (const [exchange, symbols] of Object.entries(symbolsByExchange)) {
      for (const symbol of symbols) {
        for (const timeframe of BASE_TIMEFRAMES) {
          const baseInfo = findTimeframe(timeframe);
          if (!baseInfo) continue;
          this.windows.set(seriesKey(exchange, symbol, timeframe), {
            timeframe,
            spec: bucketSpecFor(baseInfo.sizeMs),
            series: new CandleSeries(),
            derived: DERIVED_TIMEFRAMES_BY_BASE[timeframe].map((name) => ({
              name,
              spec: bucketSpecFor(findTimeframe(name)?.sizeMs ?? baseInfo.sizeMs),
              series: new CandleSeries(),
            })),
          });
        }
      }
    }
  }

  /** The series of a base or derived timeframe, or undefined for an unknown exchange, symbol or timeframe. */
  findSeries(exchange: string, symbol: string, timeframe: string): CandleSeries | undefined {
    const info = findTimeframe(timeframe);
    if (!info) return undefined;
    const base = this.windows.get(seriesKey(exchange, symbol, info.base));
    if (!base) return undefined;
    if (info.isBase) return base.series;
    return base.derived.find((derived) => derived.name === timeframe)?.series;
  }

  lastTimestamp(exchange: string, symbol: string, timeframe: BaseTimeframe): number | undefined {
    return this.windows.get(seriesKey(exchange, symbol, timeframe))?.series.last()?.timestamp;
  }

  /**
   * Validates and writes base candles, keeps derived series in step and trims the window. Candles may arrive in
   * any order, repeat, or correct earlier ones. `collectUpdates: false` (bulk history loads nobody listens to) skips
   * building the update lists.
   */
  applyBaseCandles(
    exchange: string,
    symbol: string,
    timeframe: BaseTimeframe,
    candles: readonly Candle[],
    collectUpdates = true,
  ): ApplyResult {
    const base = this.windows.get(seriesKey(exchange, symbol, timeframe));
    const result: ApplyResult = { accepted: [], rejected: {}, updates: [] };
    if (!base) return result;
    const retention = this.retention[timeframe];
    let newest = base.series.last()?.timestamp ?? Number.NEGATIVE_INFINITY;
    for (const candle of candles) if (candle.timestamp > newest) newest = candle.timestamp;
    const cutoff = retention === undefined ? Number.NEGATIVE_INFINITY : newest - retention;
    const bulk = candles.length > BULK_REBUILD_THRESHOLD;
    if (bulk) base.series.reserve(candles.length);
    for (const candle of candles) {
      const defect = findCandleDefect(candle, base.spec);
      if (defect) {
        result.rejected[defect] = (result.rejected[defect] ?? 0) + 1;
        continue;
      }
      if (candle.timestamp < cutoff) continue;
      base.series.upsert(candle);
      result.accepted.push(candle);
    }
    if (result.accepted.length === 0) return result;
    result.accepted.sort((a, b) => a.timestamp - b.timestamp);
    if (collectUpdates) result.updates.push({ exchange, symbol, timeframe, candles: result.accepted });
    if (cutoff !== Number.NEGATIVE_INFINITY) base.series.trimBefore(cutoff);
    const firstChanged = result.accepted[0]?.timestamp ?? 0;
    for (const derived of base.derived) {
      if (bulk) {
        const rebuilt = rebuildDerivedFrom(base.series, derived, firstChanged);
        if (collectUpdates)
          result.updates.push({
            exchange,
            symbol,
            timeframe: derived.name,
            candles: rebuilt.slice(0, rebuilt.length),
          });
        continue;
      }
      const changed = updateDerivedSeries(
        base.series,
        derived.series,
        result.accepted.map((candle) => candle.timestamp),
        derived.spec,
      );
      if (collectUpdates && changed.length > 0)
        result.updates.push({ exchange, symbol, timeframe: derived.name, candles: changed });
    }
    if (cutoff !== Number.NEGATIVE_INFINITY) this.trimDerived(base, cutoff);
    return result;
  }

  private trimDerived(base: BaseSeries, cutoff: number): void {
    // A derived bucket that began before the window would be built from part of its base candles: drop it.
    for (const derived of base.derived) {
      const start = alignTimestamp(cutoff, derived.spec);
      derived.series.trimBefore(start < cutoff ? start + derived.spec.sizeMs : start);
    }
  }
}

/** Rebuilds a derived series from the bucket holding `from` to the end of the base, in one scan; returns the rebuilt part. */
function rebuildDerivedFrom(base: CandleSeries, derived: DerivedSeries, from: number): CandleSeries {
  const bucketStart = alignTimestamp(from, derived.spec);
  const rebuilt = aggregateColumns(base.columns(), derived.spec, base.lowerBound(bucketStart), base.length);
  derived.series.upsertColumns(rebuilt.columns());
  return rebuilt;
}

/** The key of one series in maps over every exchange, symbol and timeframe. */
export function seriesKey(exchange: string, symbol: string, timeframe: string): string {
  return `${exchange}\u0000${symbol}\u0000${timeframe}`;
}
