import type { CandleColumns } from './candle-series.ts';

/**
 * Writes rows [from, to) as the contract's Candle array, straight from the columns. Equivalent to
 * `JSON.stringify(rows.map(toCandleJson))` (numbers print the same way; datetimes are ISO 8601 with Z) but avoids an
 * object per candle, which is most of a large response's cost.
 */
export function serializeCandleColumns(columns: CandleColumns, from: number, to: number): string {
  const { timestamp, open, high, low, close, volume } = columns;
  const parts: string[] = new Array<string>(Math.max(0, to - from));
  for (let index = from; index < to; index += 1) {
    const time = timestamp[index] as number;
    parts[index - from] =
      `{"timestamp":${time},"datetime":"${new Date(time).toISOString()}","open":${open[index] as number},` +
      `"high":${high[index] as number},"low":${low[index] as number},"close":${close[index] as number},` +
      `"volume":${volume[index] as number}}`;
  }
  return `[${parts.join(',')}]`;
}
