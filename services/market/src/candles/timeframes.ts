/** Timeframe names and sizes; pure data, shared by the aggregation engine, the store and the routes. */

export type BaseTimeframe = '1m' | '1h' | '1d' | '1w';

export const BASE_TIMEFRAMES: readonly BaseTimeframe[] = ['1m', '1h', '1d', '1w'];

/** Derived timeframes per base, as the contract lists them. */
export const DERIVED_TIMEFRAMES_BY_BASE: Readonly<Record<BaseTimeframe, readonly string[]>> = {
  '1m': ['2m', '3m', '4m', '5m', '10m', '15m', '20m', '25m', '30m', '45m'],
  '1h': ['2h', '3h', '4h', '5h', '6h', '7h', '8h', '9h', '10h', '11h', '12h', '16h', '20h'],
  '1d': ['2d', '3d', '4d', '5d', '6d'],
  '1w': ['2w', '3w'],
};

export const DERIVED_TIMEFRAMES: readonly string[] = BASE_TIMEFRAMES.flatMap(
  (base) => DERIVED_TIMEFRAMES_BY_BASE[base],
);

export const ALL_TIMEFRAMES: readonly string[] = [...BASE_TIMEFRAMES, ...DERIVED_TIMEFRAMES];

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

const UNIT_MS: Readonly<Record<string, number>> = { m: MINUTE_MS, h: HOUR_MS, d: DAY_MS, w: WEEK_MS };

export interface TimeframeInfo {
  name: string;
  /** Bucket length in ms. */
  sizeMs: number;
  /** The base timeframe it is built from (itself for a base timeframe). */
  base: BaseTimeframe;
  /** How many base candles fill one bucket. */
  multiple: number;
  isBase: boolean;
}

const TIMEFRAME_INFO: ReadonlyMap<string, TimeframeInfo> = new Map(
  BASE_TIMEFRAMES.flatMap((base) => {
    const baseSize = parseSizeMs(base);
    return [base, ...DERIVED_TIMEFRAMES_BY_BASE[base]].map((name): [string, TimeframeInfo] => {
      const sizeMs = parseSizeMs(name);
      return [name, { name, sizeMs, base, multiple: sizeMs / baseSize, isBase: name === base }];
    });
  }),
);

function parseSizeMs(name: string): number {
  const match = /^(\d+)([mhdw])$/.exec(name);
  const unit = match ? UNIT_MS[match[2] ?? ''] : undefined;
  if (!match || unit === undefined) throw new Error(`bad timeframe literal ${name}`);
  return Number(match[1]) * unit;
}

/** The timeframe's description, or undefined when the service does not serve it. */
export function findTimeframe(name: string): TimeframeInfo | undefined {
  return TIMEFRAME_INFO.get(name);
}

export function isBaseTimeframe(name: string): name is BaseTimeframe {
  return (BASE_TIMEFRAMES as readonly string[]).includes(name);
}
