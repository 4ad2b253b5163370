import { type BucketSpec, isAligned } from './aggregation.ts';
import type { Candle } from './candle.types.ts';

export type CandleDefect =
  'not_finite' | 'not_positive' | 'inconsistent_range' | 'negative_volume' | 'misaligned';

/**
 * Why a candle from an exchange must be dropped, or undefined when it is sound: every number finite, prices
 * positive, low ≤ open, close ≤ high, volume ≥ 0, and the open time on the timeframe's grid.
 */
export function findCandleDefect(candle: Candle, spec: BucketSpec): CandleDefect | undefined {
  const { timestamp, open, high, low, close, volume } = candle;
  if (![timestamp, open, high, low, close, volume].every(Number.isFinite)) return 'not_finite';
  if (open <= 0 || high <= 0 || low <= 0 || close <= 0) return 'not_positive';
  if (low > Math.min(open, close) || high < Math.max(open, close)) return 'inconsistent_range';
  if (volume < 0) return 'negative_volume';
  if (!isAligned(timestamp, spec)) return 'misaligned';
  return undefined;
}
