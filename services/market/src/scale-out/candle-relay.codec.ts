import type { Candle, CandleUpdate } from '../candles/candle-feed.ts';

/**
 * The Redis wire format between the collector and the API instances: one message per batch of base-candle updates,
 * candles as `[timestamp, open, high, low, close, volume]` rows (a third of the bytes of objects). Versioned, so
 * instances of two releases can tell each other's messages apart during a rolling deploy.
 */
export const RELAY_FORMAT_VERSION = 1;

type CandleRow = [number, number, number, number, number, number];

interface RelayMessage {
  v: typeof RELAY_FORMAT_VERSION;
  /** Publisher time (ms), for latency measurement. */
  sentAt: number;
  updates: Array<{ exchange: string; symbol: string; timeframe: string; candles: CandleRow[] }>;
}

export function encodeRelayMessage(updates: readonly CandleUpdate[], sentAt: number): string {
  const message: RelayMessage = {
    v: RELAY_FORMAT_VERSION,
    sentAt,
    updates: updates.map((update) => ({
      exchange: update.exchange,
      symbol: update.symbol,
      timeframe: update.timeframe,
      candles: update.candles.map((c) => [c.timestamp, c.open, c.high, c.low, c.close, c.volume]),
    })),
  };
  return JSON.stringify(message);
}

export type DecodeResult =
  { ok: true; sentAt: number; updates: CandleUpdate[] } | { ok: false; reason: string };

/** Validates a message from Redis field by field; anything unexpected is rejected whole, never half-applied. */
export function decodeRelayMessage(text: string): DecodeResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (!isRecord(value)) return { ok: false, reason: 'not an object' };
  if (value['v'] !== RELAY_FORMAT_VERSION)
    return { ok: false, reason: `unsupported version ${String(value['v'])}` };
  const sentAt = value['sentAt'];
  const rawUpdates = value['updates'];
  if (typeof sentAt !== 'number' || !Array.isArray(rawUpdates))
    return { ok: false, reason: 'missing fields' };
  const updates: CandleUpdate[] = [];
  for (const raw of rawUpdates) {
    if (!isRecord(raw)) return { ok: false, reason: 'update is not an object' };
    const { exchange, symbol, timeframe, candles } = raw;
    if (typeof exchange !== 'string' || typeof symbol !== 'string' || typeof timeframe !== 'string') {
      return { ok: false, reason: 'update names are not strings' };
    }
    if (!Array.isArray(candles)) return { ok: false, reason: 'candles is not an array' };
    const parsed: Candle[] = [];
    for (const row of candles) {
      const candle = decodeCandleRow(row);
      if (candle === undefined) return { ok: false, reason: 'malformed candle row' };
      parsed.push(candle);
    }
    updates.push({ exchange, symbol, timeframe, candles: parsed });
  }
  return { ok: true, sentAt, updates };
}

function decodeCandleRow(row: unknown): Candle | undefined {
  if (!Array.isArray(row) || row.length !== 6) return undefined;
  const numbers: number[] = [];
  for (const item of row) {
    if (typeof item !== 'number' || !Number.isFinite(item)) return undefined;
    numbers.push(item);
  }
  const [timestamp = 0, open = 0, high = 0, low = 0, close = 0, volume = 0] = numbers;
  return { timestamp, open, high, low, close, volume };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
