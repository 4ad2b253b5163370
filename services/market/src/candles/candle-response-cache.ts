import type { CandleSelection } from './market-feed.ts';

/**
 * Serialized candle responses, reused while their series has not changed. Formatting a thousand candles' numbers
 * costs milliseconds; the same query is asked many times between two updates of a series (the sim moves every two
 * seconds, live polls every ten), so each distinct answer is formatted about once per update. Entries are keyed by
 * series identity, revision and row range, so a stale entry can never match; the least recently used go first
 * when the byte budget is full.
 */
export class CandleResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes held. */
  get size(): number {
    return this.bytes;
  }

  /** The UTF-8 bytes of the answer: kept encoded, so a hit costs no encoding either. */
  getOrCreate(selection: CandleSelection, serialize: () => string): Buffer {
    const { seriesId, revision, from, to, columns } = selection;
    // Row indices move when a window is trimmed, so the range is named by its timestamps.
    const key = `${seriesId}:${revision}:${columns.timestamp[from] ?? ''}:${to - from}`;
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const body = Buffer.from(serialize(), 'utf8');
    if (body.length > this.maxBytes / 4) return body;
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldKey, oldBody] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= oldBody.length;
    }
    return body;
  }
}
