/**
 * A deterministic simulated perpetual market (pure: no I/O, no clock of its own).
 *
 * Prices are generated top-down so every timeframe agrees with the ones below it by construction:
 * a daily close path (a mean-reverting random walk in log price with slowly changing volatility, shared by all
 * exchanges of a symbol) gives each day's open and close; the day's high, low and volume are drawn per exchange;
 * each day is split into 24 hours, each hour into 60 minutes and each minute into 12 five-second ticks by a
 * constrained Brownian bridge that reproduces the parent's open, high, low, close exactly and splits its volume
 * in whole lots. A bucket still in progress at `now` is the aggregate of its children so far, so the newest
 * 1m, 1h, 1d and 1w candles move together. Weeks are aggregates of days (Monday-aligned).
 */
import type { Candle } from '../../candles/candle.types.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, WEEK_MS, type BaseTimeframe } from '../../candles/timeframes.ts';
import { WEEK_ALIGNMENT_ORIGIN_MS } from '../../candles/aggregation.ts';
import { DeterministicRandom } from './deterministic-random.ts';
import type { SimSymbolProfile } from './sim-profiles.ts';

/** The simulated market's first day (a Monday, so weeks are whole from the start). */
export const SIM_EPOCH_MS = Date.UTC(2017, 0, 2);

const TICK_MS = 5_000;
const DAYS_PER_YEAR = 365;
/** Daily pull of log price back to the reference level: a half-life of about 100 days keeps levels realistic. */
const MEAN_REVERSION_PER_DAY = 1 / 150;
/** Volatility regimes: log-volatility follows its own slow mean-reverting walk. */
const REGIME_REVERSION_PER_DAY = 0.04;
const REGIME_SHOCK = 0.12;
/** How far a day's wicks reach beyond its body, in daily standard deviations. */
const DAILY_WICK_SCALE = 0.45;
/** Day-to-day spread of volume around its mean (log-normal sigma). */
const VOLUME_DISPERSION = 0.35;
/** Bigger moves trade more: volume grows by this much per daily standard deviation of return. */
const VOLUME_PER_MOVE = 0.25;
/** Share of the room between path and parent extremes a child's wick may take. */
const CHILD_WICK_SCALE = 0.35;
/** Split caches hold this many recent parents per level; history is generated in time order, so hits are near. */
const SPLIT_CACHE_SIZE = 96;

/** Internal candle in whole ticks and lots, so comparisons and sums are exact. */
export interface IntCandle {
  open: number;
  high: number;
  low: number;
  close: number;
  lots: number;
}

interface Level {
  sizeMs: number;
  /** Children per bucket; 0 for the finest level. */
  childCount: number;
}

/** day → hour → minute → tick. */
const LEVELS: readonly Level[] = [
  { sizeMs: DAY_MS, childCount: 24 },
  { sizeMs: HOUR_MS, childCount: 60 },
  { sizeMs: MINUTE_MS, childCount: MINUTE_MS / TICK_MS },
  { sizeMs: TICK_MS, childCount: 0 },
];
const LEVEL_OF_TIMEFRAME: Readonly<Record<Exclude<BaseTimeframe, '1w'>, number>> = {
  '1d': 0,
  '1h': 1,
  '1m': 2,
};

/** The shared daily close path of one symbol (all exchanges), in log price, extended on demand. */
class DailyClosePath {
  private readonly logCloses: number[] = [];
  private readonly dailyVolatility: number[] = [];
  private readonly random: DeterministicRandom;
  private logPrice: number;
  private regime = 0;

  constructor(
    key: string,
    private readonly profile: SimSymbolProfile,
  ) {
    this.random = new DeterministicRandom(`${key}|daily-path`);
    this.logPrice = Math.log(profile.referencePrice);
  }

  /** Log close of day `day` (days since SIM_EPOCH) and that day's standard deviation of log return. */
  at(day: number): { logClose: number; sigma: number } {
    const baseSigma = this.profile.annualVolatility / Math.sqrt(DAYS_PER_YEAR);
    const mean = Math.log(this.profile.referencePrice);
    while (this.logCloses.length <= day) {
      this.regime += -REGIME_REVERSION_PER_DAY * this.regime + REGIME_SHOCK * this.random.nextNormal();
      const sigma = baseSigma * Math.exp(this.regime);
      this.logPrice += MEAN_REVERSION_PER_DAY * (mean - this.logPrice) + sigma * this.random.nextNormal();
      this.logCloses.push(this.logPrice);
      this.dailyVolatility.push(sigma);
    }
    return { logClose: this.logCloses[day] ?? mean, sigma: this.dailyVolatility[day] ?? baseSigma };
  }
}

const dailyPaths = new Map<string, DailyClosePath>();

function dailyPathFor(seed: string, symbol: string, profile: SimSymbolProfile): DailyClosePath {
  const key = `${seed}|${symbol}`;
  let path = dailyPaths.get(key);
  if (!path) {
    path = new DailyClosePath(key, profile);
    dailyPaths.set(key, path);
  }
  return path;
}

export interface SimMarketOptions {
  seed: string;
  exchange: string;
  symbol: string;
  profile: SimSymbolProfile;
  /** Volume and open-interest multiplier of this exchange. */
  activity: number;
}

export class SimMarket {
  private readonly dailyPath: DailyClosePath;
  private readonly keyPrefix: string;
  private readonly splitCaches: Map<number, IntCandle[]>[] = LEVELS.map(() => new Map());

  constructor(private readonly options: SimMarketOptions) {
    this.dailyPath = dailyPathFor(options.seed, options.symbol, options.profile);
    this.keyPrefix = `${options.seed}|${options.exchange}|${options.symbol}`;
  }

  get profile(): SimSymbolProfile {
    return this.options.profile;
  }

  /**
   * Candles of a base timeframe whose bucket starts in [from, to] and has begun by `now`, ascending. The bucket
   * holding `now` is in progress.
   */
  candles(timeframe: BaseTimeframe, from: number, to: number, now: number): Candle[] {
    if (timeframe === '1w') return this.weeks(from, to, now);
    const level = LEVEL_OF_TIMEFRAME[timeframe];
    const { sizeMs } = LEVELS[level] ?? { sizeMs: MINUTE_MS };
    const first = Math.max(Math.ceil(from / sizeMs), SIM_EPOCH_MS / sizeMs);
    const last = Math.min(Math.floor(to / sizeMs), Math.floor(now / sizeMs));
    const out: Candle[] = [];
    for (let index = first; index <= last; index += 1)
      out.push(this.toCandle(index * sizeMs, this.candleAt(level, index, now)));
    return out;
  }

  /** The last traded price at `now` (close of the newest tick). */
  priceAt(now: number): number {
    const minute = Math.floor(now / MINUTE_MS);
    return this.candleAt(2, minute, now).close / this.options.profile.ticksPerUnit;
  }

  private weeks(from: number, to: number, now: number): Candle[] {
    const firstWeek = Math.max(
      Math.ceil((from - WEEK_ALIGNMENT_ORIGIN_MS) / WEEK_MS),
      Math.ceil((SIM_EPOCH_MS - WEEK_ALIGNMENT_ORIGIN_MS) / WEEK_MS),
    );
    const lastWeek = Math.floor((Math.min(to, now) - WEEK_ALIGNMENT_ORIGIN_MS) / WEEK_MS);
    const out: Candle[] = [];
    for (let week = firstWeek; week <= lastWeek; week += 1) {
      const start = WEEK_ALIGNMENT_ORIGIN_MS + week * WEEK_MS;
      const days: IntCandle[] = [];
      for (let day = start / DAY_MS; day < (start + WEEK_MS) / DAY_MS && day * DAY_MS <= now; day += 1) {
        days.push(this.candleAt(0, day, now));
      }
      const aggregated = aggregateInt(days);
      if (aggregated) out.push(this.toCandle(start, aggregated));
    }
    return out;
  }

  /** Bucket `index` of `level` as seen at `now`: complete, or the aggregate of its children so far. */
  private candleAt(level: number, index: number, now: number): IntCandle {
    const { sizeMs, childCount } = LEVELS[level] ?? { sizeMs: TICK_MS, childCount: 0 };
    const end = (index + 1) * sizeMs;
    if (end <= now || childCount === 0) return this.fullCandle(level, index);
    const children: IntCandle[] = [];
    const childSize = sizeMs / childCount;
    for (
      let child = index * childCount;
      child * childSize <= now && child < (index + 1) * childCount;
      child += 1
    ) {
      children.push(this.candleAt(level + 1, child, now));
    }
    return aggregateInt(children) ?? this.fullCandle(level, index);
  }

  /** Bucket `index` of `level` once complete: a day from the path, anything finer from its parent's split. */
  private fullCandle(level: number, index: number): IntCandle {
    if (level === 0) return this.fullDay(index);
    const parentCount = LEVELS[level - 1]?.childCount ?? 1;
    const parentIndex = Math.floor(index / parentCount);
    const children = this.split(level - 1, parentIndex);
    return children[index - parentIndex * parentCount] ?? this.fullDay(0);
  }

  private split(level: number, index: number): IntCandle[] {
    const cache = this.splitCaches[level] ?? new Map<number, IntCandle[]>();
    const cached = cache.get(index);
    if (cached) return cached;
    const parent = this.fullCandle(level, index);
    const random = new DeterministicRandom(`${this.keyPrefix}|split|${level}|${index}`);
    const children = splitCandle(parent, LEVELS[level]?.childCount ?? 1, random);
    if (cache.size >= SPLIT_CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(index, children);
    return children;
  }

  private fullDay(epochDay: number): IntCandle {
    const { profile, activity } = this.options;
    const day = epochDay - SIM_EPOCH_MS / DAY_MS;
    const today = this.dailyPath.at(day);
    const previousClose = day > 0 ? this.dailyPath.at(day - 1).logClose : Math.log(profile.referencePrice);
    const toTicks = (logPrice: number): number =>
      Math.max(1, Math.round(Math.exp(logPrice) * profile.ticksPerUnit));
    const open = toTicks(previousClose);
    const close = toTicks(today.logClose);
    const random = new DeterministicRandom(`${this.keyPrefix}|day|${epochDay}`);
    const upper = Math.max(open, close);
    const lower = Math.min(open, close);
    const high = Math.ceil(upper * Math.exp(Math.abs(random.nextNormal()) * today.sigma * DAILY_WICK_SCALE));
    const low = Math.max(
      1,
      Math.floor(lower * Math.exp(-Math.abs(random.nextNormal()) * today.sigma * DAILY_WICK_SCALE)),
    );
    const move = Math.abs(today.logClose - previousClose) / today.sigma;
    const volume =
      profile.dailyVolume *
      activity *
      Math.exp(VOLUME_DISPERSION * random.nextNormal() - (VOLUME_DISPERSION * VOLUME_DISPERSION) / 2) *
      (1 + VOLUME_PER_MOVE * move);
    return { open, high, low, close, lots: Math.max(1, Math.round(volume * profile.lotsPerUnit)) };
  }

  private toCandle(timestamp: number, candle: IntCandle): Candle {
    const { ticksPerUnit, lotsPerUnit } = this.options.profile;
    return {
      timestamp,
      open: candle.open / ticksPerUnit,
      high: candle.high / ticksPerUnit,
      low: candle.low / ticksPerUnit,
      close: candle.close / ticksPerUnit,
      volume: candle.lots / lotsPerUnit,
    };
  }
}

function aggregateInt(candles: readonly IntCandle[]): IntCandle | undefined {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return undefined;
  let high = first.high;
  let low = first.low;
  let lots = 0;
  for (const candle of candles) {
    if (candle.high > high) high = candle.high;
    if (candle.low < low) low = candle.low;
    lots += candle.lots;
  }
  return { open: first.open, high, low, close: last.close, lots };
}

/**
 * Splits a candle into `count` children whose aggregate is exactly the parent: a Brownian bridge from open to
 * close, scaled to stay inside [low, high]; small wicks; the children nearest the extremes carry the parent's high
 * and low; volume apportioned in whole lots.
 */
export function splitCandle(parent: IntCandle, count: number, random: DeterministicRandom): IntCandle[] {
  const { open, high, low, close, lots } = parent;
  const walk = [0];
  for (let step = 1; step <= count; step += 1) walk.push((walk[step - 1] ?? 0) + random.nextNormal());
  const end = walk[count] ?? 0;
  const bridge = walk.map((value, step) => value - (end * step) / count);
  const line = (step: number): number => open + ((close - open) * step) / count;
  let scale = Number.POSITIVE_INFINITY;
  for (let step = 1; step < count; step += 1) {
    const deviation = bridge[step] ?? 0;
    if (deviation > 0) scale = Math.min(scale, (high - line(step)) / deviation);
    if (deviation < 0) scale = Math.min(scale, (line(step) - low) / -deviation);
  }
  if (!Number.isFinite(scale)) scale = 0;
  scale *= 0.55 + 0.45 * random.next();
  const path = bridge.map((deviation, step) => {
    if (step === 0) return open;
    if (step === count) return close;
    return Math.min(high, Math.max(low, Math.round(line(step) + scale * deviation)));
  });

  const wickRoom = ((high - low) / Math.sqrt(count)) * CHILD_WICK_SCALE;
  const children: IntCandle[] = [];
  let highest = 0;
  let lowest = 0;
  for (let child = 0; child < count; child += 1) {
    const childOpen = path[child] ?? open;
    const childClose = path[child + 1] ?? close;
    const top = Math.max(childOpen, childClose);
    const bottom = Math.min(childOpen, childClose);
    children.push({
      open: childOpen,
      close: childClose,
      high: Math.min(high, top + Math.round(Math.abs(random.nextNormal()) * wickRoom)),
      low: Math.max(low, bottom - Math.round(Math.abs(random.nextNormal()) * wickRoom)),
      lots: 0,
    });
    if (top > Math.max(children[highest]?.open ?? 0, children[highest]?.close ?? 0)) highest = child;
    if (bottom < Math.min(children[lowest]?.open ?? 0, children[lowest]?.close ?? 0)) lowest = child;
  }
  const highChild = children[highest];
  const lowChild = children[lowest];
  if (highChild) highChild.high = high;
  if (lowChild) lowChild.low = low;

  // Volume follows activity: more where the price moved, plus noise; whole lots, largest remainders first.
  const weights = children.map(
    (child) =>
      Math.exp(0.6 * random.nextNormal()) * (1 + (2 * (child.high - child.low)) / Math.max(1, high - low)),
  );
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => (lots * weight) / totalWeight);
  let assigned = 0;
  children.forEach((child, index) => {
    child.lots = Math.floor(shares[index] ?? 0);
    assigned += child.lots;
  });
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let extra = 0; extra < lots - assigned; extra += 1) {
    const target = children[byRemainder[extra % byRemainder.length]?.index ?? 0];
    if (target) target.lots += 1;
  }
  return children;
}
