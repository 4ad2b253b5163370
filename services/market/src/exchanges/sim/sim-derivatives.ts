import { HOUR_MS } from '../../candles/timeframes.ts';
import type { DerivativesQuote } from '../exchange-adapter.ts';
import { DeterministicRandom } from './deterministic-random.ts';
import type { SimMarket } from './sim-market.ts';

/** Typical perpetual premium: mean and spread of the mark-over-index premium per funding period. */
const PREMIUM_MEAN = 0.0001;
const PREMIUM_SPREAD = 0.00015;
/** Binance/Bybit-style funding: premium plus the interest component clamped to ±0.05 % around 0.01 %. */
const INTEREST_RATE = 0.0001;
const INTEREST_CLAMP = 0.0005;
/** Exchanges cap funding per interval; both use ±0.75 % for major perpetuals. */
const FUNDING_CAP = 0.0075;
/** Open interest wanders around its reference with this hourly log-volatility. */
const OPEN_INTEREST_HOURLY_VOLATILITY = 0.012;
const OPEN_INTEREST_REVERSION_PER_HOUR = 0.01;
const HOURS_PER_DAY = 24;
/** Exchanges publish funding rates with 6 to 8 decimals and USD amounts in cents. */
const FUNDING_DECIMALS = 1e8;
const CENTS = 100;
/** Open interest is rebuilt from this many hours of shocks (its memory fades well within that). */
const OPEN_INTEREST_LOOKBACK_HOURS = 240;

/**
 * The sim's derivatives figures: a premium per funding period drives mark vs index price and the funding rate;
 * open interest follows an hourly mean-reverting walk. Deterministic per (seed, exchange, symbol, period).
 */
export function simulateDerivatives(
  market: SimMarket,
  keyPrefix: string,
  activity: number,
  now: number,
): DerivativesQuote {
  const { fundingIntervalHours, openInterest } = market.profile;
  const period = Math.floor(now / (fundingIntervalHours * HOUR_MS));
  const premium =
    PREMIUM_MEAN + PREMIUM_SPREAD * new DeterministicRandom(`${keyPrefix}|premium|${period}`).nextNormal();
  const fundingRate = roundTo(
    FUNDING_DECIMALS,
    clamp(
      premium + clamp(INTEREST_RATE - premium, -INTEREST_CLAMP, INTEREST_CLAMP),
      -FUNDING_CAP,
      FUNDING_CAP,
    ),
  );
  const indexPrice = market.priceAt(now);
  const ticks = market.profile.ticksPerUnit;
  const markPrice = roundTo(ticks, indexPrice * (1 + premium));
  const hour = Math.floor(now / HOUR_MS);
  const openInterestNow = openInterestAt(keyPrefix, hour, openInterest * activity) * markPrice;
  const dayAgo = now - HOURS_PER_DAY * HOUR_MS;
  const openInterestDayAgo =
    openInterestAt(keyPrefix, hour - HOURS_PER_DAY, openInterest * activity) * market.priceAt(dayAgo);
  return {
    timestamp: now,
    fundingRate,
    fundingIntervalHours,
    markPrice,
    indexPrice,
    openInterestUsd: roundTo(CENTS, openInterestNow),
    openInterestUsd24hAgo: roundTo(CENTS, openInterestDayAgo),
  };
}

/** Open interest in base units at an hour: a walk of the last few days' hourly shocks, so it is cheap to evaluate. */
function openInterestAt(keyPrefix: string, hour: number, reference: number): number {
  let logDeviation = 0;
  for (let step = hour - OPEN_INTEREST_LOOKBACK_HOURS; step <= hour; step += 1) {
    const shock = new DeterministicRandom(`${keyPrefix}|oi|${step}`).nextNormal();
    logDeviation =
      logDeviation * (1 - OPEN_INTEREST_REVERSION_PER_HOUR) + OPEN_INTEREST_HOURLY_VOLATILITY * shock;
  }
  return reference * Math.exp(logDeviation);
}

function roundTo(scale: number, value: number): number {
  return Math.round(value * scale) / scale;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
