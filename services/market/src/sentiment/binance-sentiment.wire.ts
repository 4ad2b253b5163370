import type { SentimentField, SentimentMetric } from './sentiment.metrics.ts';
import type { SentimentRecord, SentimentValues } from './sentiment.types.ts';

/**
 * Binance's wire format for the five endpoints: a JSON array of objects whose numbers arrive as decimal strings
 * (`"buySellRatio":"1.5586"`) and whose time is an integer (`timestamp`, or `fundingTime` for funding).
 */
interface WireShape {
  timeKey: 'timestamp' | 'fundingTime';
  /** Binance key → contract field. */
  fields: ReadonlyArray<readonly [string, SentimentField]>;
}

const RATIO_SHAPE: WireShape = {
  timeKey: 'timestamp',
  fields: [
    ['longAccount', 'long_account'],
    ['shortAccount', 'short_account'],
    ['longShortRatio', 'long_short_ratio'],
  ],
};

export const BINANCE_WIRE_SHAPES: Record<SentimentMetric, WireShape> = {
  taker_buy_sell_ratio: {
    timeKey: 'timestamp',
    fields: [
      ['buySellRatio', 'buy_sell_ratio'],
      ['buyVol', 'buy_vol'],
      ['sellVol', 'sell_vol'],
    ],
  },
  open_interest_history: {
    timeKey: 'timestamp',
    fields: [
      ['sumOpenInterest', 'open_interest_amount'],
      ['sumOpenInterestValue', 'open_interest_value'],
    ],
  },
  long_short_account_ratio: RATIO_SHAPE,
  top_long_short_position_ratio: RATIO_SHAPE,
  funding_rate_history: {
    timeKey: 'fundingTime',
    fields: [
      ['fundingRate', 'funding_rate'],
      ['markPrice', 'mark_price'],
    ],
  },
};

/** The upstream answered something that is not the documented shape; retrying will not help. */
export class WireFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireFormatError';
  }
}

/** Parses one endpoint's JSON body into records, oldest first. */
export function parseBinanceSentiment(metric: SentimentMetric, body: unknown): SentimentRecord[] {
  if (!Array.isArray(body)) throw new WireFormatError(`${metric}: expected an array`);
  const shape = BINANCE_WIRE_SHAPES[metric];
  const records = body.map((item: unknown, index) => parseItem(metric, shape, item, index));
  return records.sort((a, b) => a.timestamp - b.timestamp);
}

function parseItem(metric: SentimentMetric, shape: WireShape, item: unknown, index: number): SentimentRecord {
  if (typeof item !== 'object' || item === null)
    throw new WireFormatError(`${metric}[${index}]: not an object`);
  const entries = new Map(Object.entries(item));
  const timestamp = parseWireNumber(entries.get(shape.timeKey));
  if (timestamp === null || !Number.isInteger(timestamp)) {
    throw new WireFormatError(`${metric}[${index}]: ${shape.timeKey} is not an integer`);
  }
  const values: SentimentValues = {};
  for (const [wireKey, field] of shape.fields) {
    const raw = entries.get(wireKey);
    const value = parseWireNumber(raw);
    // Early funding records carry `"markPrice": ""`: absent, not zero. Anything else unparsable is a format break.
    if (value === null && raw !== '' && raw !== undefined && raw !== null) {
      throw new WireFormatError(`${metric}[${index}]: ${wireKey} is not a number`);
    }
    values[field] = value;
  }
  return { timestamp, values };
}

function parseWireNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
