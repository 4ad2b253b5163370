import type { SqlDialectName } from '@app/service-kit';
import { CompiledQuery, type Kysely } from 'kysely';
import type { MarketDatabase } from '../db/tables.ts';
import type { Candle } from './candle.types.ts';

/** Rows per INSERT: 7 parameters a row stays well under SQLite's and PostgreSQL's parameter limits. */
const ROWS_PER_STATEMENT = 1000;
const COLUMNS_PER_ROW = 7;

export interface SeriesRef {
  exchange: string;
  symbol: string;
  timeframe: string;
}

export interface CandleRows {
  seriesId: number;
  candles: readonly Candle[];
}

/** Stored base candles: series ids, batched upserts and range reads. Returns records, never HTTP shapes. */
export class CandleRepository {
  private readonly seriesIds = new Map<string, number>();
  private readonly statements = new Map<number, string>();

  constructor(
    private readonly db: Kysely<MarketDatabase>,
    private readonly dialect: SqlDialectName,
  ) {}

  /** The id of a series, created on first use. */
  async findOrCreateSeriesId(ref: SeriesRef): Promise<number> {
    const key = `${ref.exchange}\u0000${ref.symbol}\u0000${ref.timeframe}`;
    const cached = this.seriesIds.get(key);
    if (cached !== undefined) return cached;
    await this.db
      .insertInto('candle_series')
      .values(ref)
      .onConflict((conflict) => conflict.columns(['exchange', 'symbol', 'timeframe']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('candle_series')
      .select('id')
      .where('exchange', '=', ref.exchange)
      .where('symbol', '=', ref.symbol)
      .where('timeframe', '=', ref.timeframe)
      .executeTakeFirstOrThrow();
    this.seriesIds.set(key, row.id);
    return row.id;
  }

  /**
   * Upserts on (series, open time) in one transaction, one multi-row statement per 1000 rows. The statement text is
   * built once per row count and dialect and sent with its parameters as they are: Kysely's builders spend more time
   * per row than the database does on histories of millions of candles.
   */
  async upsertCandles(batches: readonly CandleRows[]): Promise<number> {
    let written = 0;
    await this.db.transaction().execute(async (transaction) => {
      for (const { seriesId, candles } of batches) {
        for (let offset = 0; offset < candles.length; offset += ROWS_PER_STATEMENT) {
          const chunk = candles.slice(offset, offset + ROWS_PER_STATEMENT);
          const parameters: number[] = [];
          for (const candle of chunk) {
            parameters.push(
              seriesId,
              candle.timestamp,
              candle.open,
              candle.high,
              candle.low,
              candle.close,
              candle.volume,
            );
          }
          await transaction.executeQuery(CompiledQuery.raw(this.upsertStatement(chunk.length), parameters));
          written += chunk.length;
        }
      }
    });
    return written;
  }

  private upsertStatement(rows: number): string {
    let statement = this.statements.get(rows);
    if (statement === undefined) {
      const tuples: string[] = [];
      for (let row = 0; row < rows; row += 1) {
        const first = row * COLUMNS_PER_ROW;
        const placeholders = Array.from({ length: COLUMNS_PER_ROW }, (_, column) =>
          this.dialect === 'postgres' ? `$${first + column + 1}` : '?',
        );
        tuples.push(`(${placeholders.join(', ')})`);
      }
      statement =
        `insert into candles (series_id, ts, open, high, low, close, volume) values ${tuples.join(', ')} ` +
        'on conflict (series_id, ts) do update set open = excluded.open, high = excluded.high, ' +
        'low = excluded.low, close = excluded.close, volume = excluded.volume';
      this.statements.set(rows, statement);
    }
    return statement;
  }

  /** Stored candles of a series with open time >= since, ascending. */
  async findCandlesSince(seriesId: number, since: number): Promise<Candle[]> {
    const rows = await this.db
      .selectFrom('candles')
      .select(['ts', 'open', 'high', 'low', 'close', 'volume'])
      .where('series_id', '=', seriesId)
      .where('ts', '>=', since)
      .orderBy('ts')
      .execute();
    return rows.map((row) => ({
      timestamp: Number(row.ts),
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
    }));
  }

  async findLatestTimestamp(seriesId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('candles')
      .select((expression) => expression.fn.max('ts').as('latest'))
      .where('series_id', '=', seriesId)
      .executeTakeFirst();
    return row?.latest === null || row?.latest === undefined ? undefined : Number(row.latest);
  }

  async countCandles(seriesId: number): Promise<number> {
    const row = await this.db
      .selectFrom('candles')
      .select((expression) => expression.fn.countAll<number>().as('count'))
      .where('series_id', '=', seriesId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }
}
