import type { SentimentMetric, SentimentMetricDefinition } from './sentiment.metrics.ts';
import { findHistoryStart, SENTIMENT_METRIC_DEFINITIONS } from './sentiment.metrics.ts';
import type {
  SentimentPageRequest,
  SentimentRecord,
  SentimentSource,
  SentimentValues,
} from './sentiment.types.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** BTCUSDT's first USDⓈ-M funding settled on 2019-09-10 00:00 UTC; the sim starts every pair's funding there. */
export const SIM_FUNDING_START_MS = Date.UTC(2019, 8, 10);

/** Rough price levels (USDT) so that simulated mark prices and open-interest values look like the real market. */
const REFERENCE_PRICES: Readonly<Record<string, number>> = {
  BTC: 65_000,
  ETH: 3_200,
  BNB: 580,
  SOL: 150,
  XRP: 0.6,
  DOGE: 0.15,
  ADA: 0.45,
  AVAX: 30,
  LINK: 15,
  DOT: 6.5,
  LTC: 80,
  BCH: 400,
  TRX: 0.13,
  NEAR: 5,
  APT: 9,
  ARB: 0.9,
  OP: 2,
  SUI: 1.5,
  FIL: 5,
};
const FALLBACK_PRICE = 10;
/** Open interest worth roughly this many USDT for BTC; smaller pairs scale down with a per-symbol factor. */
const BTC_OPEN_INTEREST_USD = 8e9;
const BTC_TAKER_VOLUME_BASE = 900;

/**
 * Deterministic stand-in for Binance's futures-data endpoints: every value is a pure function of (seed, metric,
 * symbol, timestamp), so restarts, instances and tests all see the same numbers, and history appears at the same
 * depths as on the exchange (30 days for the four rolling series, funding from September 2019). New periods
 * appear as the clock passes their close, which is what the quarter-hour refresh picks up.
 */
export class SimSentimentSource implements SentimentSource {
  readonly name = 'sim';

  constructor(
    private readonly seed: string,
    private readonly now: () => number = Date.now,
  ) {}

  async fetchPage(request: SentimentPageRequest): Promise<SentimentRecord[]> {
    const definition = SENTIMENT_METRIC_DEFINITIONS[request.metric];
    const now = this.now();
    const oldest = Math.max(request.startTime, firstAvailable(definition, now));
    // A rolling series' record for [t, t + period) is published once the period has closed; funding is an instant.
    const newest = Math.min(
      request.endTime,
      definition.metric === 'funding_rate_history' ? now : now - definition.periodMs,
    );
    const records: SentimentRecord[] = [];
    let timestamp = Math.ceil(oldest / definition.periodMs) * definition.periodMs;
    for (; timestamp <= newest && records.length < request.limit; timestamp += definition.periodMs) {
      records.push({
        timestamp,
        values: simulateValues(this.seed, request.metric, request.symbol, timestamp),
      });
    }
    return records;
  }
}

function firstAvailable(definition: SentimentMetricDefinition, now: number): number {
  return definition.history.kind === 'since' ? SIM_FUNDING_START_MS : findHistoryStart(definition, now);
}

/** Per-pair constants of the simulation, derived once from the seed. */
interface PairProfile {
  seedHash: number;
  phases: Map<string, number>;
  scale: number;
  referencePrice: number;
}

const profiles = new Map<string, PairProfile>();

function findProfile(seed: string, symbol: string): PairProfile {
  const key = `${seed}|${symbol}`;
  let profile = profiles.get(key);
  if (profile === undefined) {
    const base = symbol.split('/')[0] ?? symbol;
    profile = {
      seedHash: hashText(key),
      phases: new Map(),
      scale: hashText(`${key}|scale`) / 0x1_0000_0000,
      referencePrice: REFERENCE_PRICES[base] ?? FALLBACK_PRICE,
    };
    profiles.set(key, profile);
  }
  return profile;
}

const METRIC_SALT: Record<SentimentMetric, number> = {
  taker_buy_sell_ratio: 1,
  open_interest_history: 2,
  long_short_account_ratio: 3,
  top_long_short_position_ratio: 4,
  funding_rate_history: 5,
};

/** The simulated values of one record: a pure function of its arguments. */
export function simulateValues(
  seed: string,
  metric: SentimentMetric,
  symbol: string,
  timestamp: number,
): SentimentValues {
  const profile = findProfile(seed, symbol);
  const wave = (periodMs: number, salt: string) => {
    let phase = profile.phases.get(salt);
    if (phase === undefined) {
      phase = (hashText(`${seed}|${symbol}|${salt}`) / 0x1_0000_0000) * 2 * Math.PI;
      profile.phases.set(salt, phase);
    }
    return Math.sin((2 * Math.PI * timestamp) / periodMs + phase);
  };
  // Centred noise in [-0.5, 0.5), keyed by pair, metric, instant and purpose.
  const noise = (salt: number) =>
    mixUnit(profile.seedHash ^ (METRIC_SALT[metric] << 8) ^ salt, timestamp) - 0.5;
  const scale = profile.scale;
  const reference = profile.referencePrice;
  const price =
    reference *
    Math.exp(
      0.45 * wave(400 * DAY_MS, 'p1') + 0.12 * wave(37 * DAY_MS, 'p2') + 0.03 * wave(2 * DAY_MS, 'p3'),
    );

  switch (metric) {
    case 'taker_buy_sell_ratio': {
      const ratio = Math.exp(0.18 * wave(3 * DAY_MS, 't1') + 0.3 * noise(1));
      const volumeBase = (BTC_TAKER_VOLUME_BASE * (0.2 + scale) * (REFERENCE_PRICES['BTC'] ?? 1)) / reference;
      const buy = volumeBase * (1 + 0.4 * wave(DAY_MS, 't2') + 0.6 * (noise(2) + 0.5));
      const sell = buy / ratio;
      return { buy_sell_ratio: round(buy / sell, 4), buy_vol: round(buy, 4), sell_vol: round(sell, 4) };
    }
    case 'open_interest_history': {
      const value =
        BTC_OPEN_INTEREST_USD *
        (0.02 + 0.3 * scale) *
        (1 + 0.25 * wave(17 * DAY_MS, 'o1') + 0.08 * wave(2.5 * DAY_MS, 'o2') + 0.01 * noise(3));
      return { open_interest_amount: round(value / price, 3), open_interest_value: round(value, 8) };
    }
    case 'long_short_account_ratio':
      // Retail accounts lean long most of the time, as on the real exchange.
      return splitLongShort(
        1.25 * Math.exp(0.35 * wave(11 * DAY_MS, 'g1') + 0.15 * wave(29 * HOUR_MS, 'g2') + 0.1 * noise(4)),
      );
    case 'top_long_short_position_ratio':
      return splitLongShort(
        Math.exp(0.25 * wave(7 * DAY_MS, 'q1') + 0.1 * wave(19 * HOUR_MS, 'q2') + 0.08 * noise(5)),
      );
    case 'funding_rate_history': {
      const rate = 0.0001 + 0.00022 * wave(23 * DAY_MS, 'f1') + 0.00012 * noise(6);
      return { funding_rate: round(rate, 8), mark_price: round(price, significantDecimals(price)) };
    }
  }
}

function splitLongShort(ratio: number): SentimentValues {
  const longAccount = round(ratio / (1 + ratio), 4);
  const shortAccount = round(1 - longAccount, 4);
  return {
    long_account: longAccount,
    short_account: shortAccount,
    long_short_ratio: round(longAccount / shortAccount, 4),
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Decimals that keep about seven significant digits, like exchange tick sizes. */
function significantDecimals(price: number): number {
  return Math.max(2, Math.min(8, 6 - Math.floor(Math.log10(Math.max(price, 1e-8)))));
}

/** FNV-1a over the text: cheap, stable across runs and platforms. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A 32-bit avalanche mix of a key and an instant, mapped to [0, 1). */
function mixUnit(key: number, timestamp: number): number {
  let hash = (key ^ Math.floor(timestamp / 1000)) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  hash = Math.imul(hash ^ (hash >>> 16), 0x27d4eb2d);
  return ((hash ^ (hash >>> 15)) >>> 0) / 0x1_0000_0000;
}
