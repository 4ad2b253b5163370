import { hashKey } from './deterministic-random.ts';

/**
 * How one simulated perpetual behaves. Levels are near each market's late-2025 price; volatility is annualised;
 * the tick and lot are the exchanges' (prices and volumes are whole ticks and lots, so they print cleanly and a
 * bucket's sums are exact in lots). Volumes and open interest are in base units, for Bybit; other exchanges scale
 * them (EXCHANGE_ACTIVITY).
 */
export interface SimSymbolProfile {
  referencePrice: number;
  annualVolatility: number;
  ticksPerUnit: number;
  lotsPerUnit: number;
  dailyVolume: number;
  openInterest: number;
  fundingIntervalHours: number;
}

const profile = (
  referencePrice: number,
  annualVolatility: number,
  ticksPerUnit: number,
  lotsPerUnit: number,
  dailyVolume: number,
  openInterest: number,
): SimSymbolProfile => ({
  referencePrice,
  annualVolatility,
  ticksPerUnit,
  lotsPerUnit,
  dailyVolume,
  openInterest,
  fundingIntervalHours: 8,
});

export const SIM_SYMBOL_PROFILES: Readonly<Record<string, SimSymbolProfile>> = {
  'BTC/USDT:USDT': profile(100_000, 0.55, 10, 1000, 60_000, 55_000),
  'ETH/USDT:USDT': profile(3_500, 0.7, 100, 100, 1_200_000, 1_000_000),
  'BNB/USDT:USDT': profile(900, 0.5, 100, 100, 150_000, 200_000),
  'SOL/USDT:USDT': profile(180, 0.85, 100, 10, 8_000_000, 6_000_000),
  'XRP/USDT:USDT': profile(2.5, 0.85, 10_000, 1, 500_000_000, 300_000_000),
  'DOGE/USDT:USDT': profile(0.2, 0.95, 100_000, 1, 3_000_000_000, 2_500_000_000),
  'ADA/USDT:USDT': profile(0.7, 0.9, 10_000, 1, 400_000_000, 300_000_000),
  'AVAX/USDT:USDT': profile(25, 0.95, 1000, 10, 6_000_000, 4_000_000),
  'LINK/USDT:USDT': profile(18, 0.9, 1000, 10, 8_000_000, 6_000_000),
  'DOT/USDT:USDT': profile(4, 0.9, 1000, 10, 20_000_000, 15_000_000),
  'LTC/USDT:USDT': profile(100, 0.75, 100, 10, 1_000_000, 800_000),
  'BCH/USDT:USDT': profile(500, 0.75, 20, 100, 200_000, 100_000),
  'TRX/USDT:USDT': profile(0.3, 0.5, 100_000, 1, 500_000_000, 600_000_000),
  'NEAR/USDT:USDT': profile(2.5, 1.0, 1000, 10, 40_000_000, 30_000_000),
  'APT/USDT:USDT': profile(5, 1.0, 10_000, 100, 10_000_000, 15_000_000),
  'ARB/USDT:USDT': profile(0.4, 1.0, 10_000, 10, 150_000_000, 200_000_000),
  'OP/USDT:USDT': profile(0.7, 1.0, 10_000, 10, 50_000_000, 60_000_000),
  'SUI/USDT:USDT': profile(3.5, 1.05, 10_000, 10, 60_000_000, 80_000_000),
  'FIL/USDT:USDT': profile(2.5, 0.95, 1000, 10, 15_000_000, 20_000_000),
};

/** Relative trading activity (volume, open interest) per exchange; Binance trades more than Bybit. */
export const EXCHANGE_ACTIVITY: Readonly<Record<string, number>> = { bybit: 1, binance: 1.6 };

const FALLBACK_TICKS_PER_PRICE = 10_000;
const FALLBACK_DAILY_VOLUME_USD = 50_000_000;
const FALLBACK_OPEN_INTEREST_USD = 40_000_000;

/**
 * A configured symbol without a hand-made profile still gets a stable, plausible one: a price between 0.1 and 1000
 * picked from its name, about 5 significant digits of tick, and mid-cap activity.
 */
export function findSimProfile(symbol: string): SimSymbolProfile {
  const known = SIM_SYMBOL_PROFILES[symbol];
  if (known) return known;
  const price = 10 ** ((hashKey(symbol) / 0xffffffff) * 4 - 1);
  const ticksPerUnit = 10 ** Math.max(0, Math.ceil(Math.log10(FALLBACK_TICKS_PER_PRICE / price)));
  const lotsPerUnit = price >= 100 ? 1000 : price >= 1 ? 10 : 1;
  return profile(
    Math.round(price * ticksPerUnit) / ticksPerUnit,
    0.9,
    ticksPerUnit,
    lotsPerUnit,
    FALLBACK_DAILY_VOLUME_USD / price,
    FALLBACK_OPEN_INTEREST_USD / price,
  );
}
