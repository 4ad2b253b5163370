import type { Kysely } from 'kysely';
import type { MarketDatabase } from '../db/tables.ts';
import type { SentimentField, SentimentMetric } from './sentiment.metrics.ts';
import { SENTIMENT_METRIC_DEFINITIONS } from './sentiment.metrics.ts';
import type { SentimentRecordRow } from './sentiment.tables.ts';
import type { SentimentRecord, SentimentValues } from './sentiment.types.ts';

export interface SentimentRangeQuery {
  metric: SentimentMetric;
  symbol: string;
  start?: number | undefined;
  end?: number | undefined;
  /** Newest N of the range. */
  limit: number;
}

export interface SentimentCount {
  metric: string;
  symbol: string;
  count: number;
}

/** 13 parameters a row; 1000 rows (13,000) stay below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const UPSERT_CHUNK_ROWS = 1000;

const EMPTY_VALUES: Record<SentimentField, null> = {
  buy_sell_ratio: null,
  buy_vol: null,
  sell_vol: null,
  open_interest_amount: null,
  open_interest_value: null,
  long_account: null,
  short_account: null,
  long_short_ratio: null,
  funding_rate: null,
  mark_price: null,
};

/** Stores and reads sentiment records; knows SQL, not HTTP. */
export class SentimentRepository {
  constructor(private readonly db: Kysely<MarketDatabase>) {}

  /**
   * Inserts new records and overwrites re-fetched ones ((metric, symbol, timestamp) is the identity), and brings the
   * series summary up to date in the same transaction.
   */
  async upsertRecords(
    metric: SentimentMetric,
    symbol: string,
    records: readonly SentimentRecord[],
  ): Promise<void> {
    if (records.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < records.length; offset += UPSERT_CHUNK_ROWS) {
        const rows = records
          .slice(offset, offset + UPSERT_CHUNK_ROWS)
          .map((record) => toRow(metric, symbol, record));
        await upsertRows(trx, rows);
      }
      await refreshSeriesSummary(trx, metric, symbol);
    });
  }

  async findLatestTimestamp(metric: SentimentMetric, symbol: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sentiment_records')
      .select('ts')
      .where('metric', '=', metric)
      .where('symbol', '=', symbol)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.ts);
  }

  /** The newest `limit` records within [start, end], returned oldest first. */
  async findRange(query: SentimentRangeQuery): Promise<SentimentRecord[]> {
    let select = this.db
      .selectFrom('sentiment_records')
      .selectAll()
      .where('metric', '=', query.metric)
      .where('symbol', '=', query.symbol);
    if (query.start !== undefined) select = select.where('ts', '>=', query.start);
    if (query.end !== undefined) select = select.where('ts', '<=', query.end);
    const rows = await select.orderBy('ts', 'desc').limit(query.limit).execute();
    return rows.reverse().map((row) => toRecord(query.metric, row));
  }

  async findLatest(metric: SentimentMetric, symbol: string): Promise<SentimentRecord | undefined> {
    const [record] = await this.findRange({ metric, symbol, limit: 1 });
    return record;
  }

  /** Stored records per series, from the summary the upserts maintain (not a count over the whole table). */
  async countRecords(): Promise<SentimentCount[]> {
    const rows = await this.db
      .selectFrom('sentiment_series')
      .select(['metric', 'symbol', 'record_count'])
      .orderBy('metric')
      .orderBy('symbol')
      .execute();
    return rows.map((row) => ({ metric: row.metric, symbol: row.symbol, count: Number(row.record_count) }));
  }
}

function upsertRows(db: Kysely<MarketDatabase>, rows: SentimentRecordRow[]) {
  return db
    .insertInto('sentiment_records')
    .values(rows)
    .onConflict((conflict) =>
      // Every value column: a metric's unused columns are null on both sides, so this is a plain overwrite.
      conflict.columns(['metric', 'symbol', 'ts']).doUpdateSet((eb) => ({
        buy_sell_ratio: eb.ref('excluded.buy_sell_ratio'),
        buy_vol: eb.ref('excluded.buy_vol'),
        sell_vol: eb.ref('excluded.sell_vol'),
        open_interest_amount: eb.ref('excluded.open_interest_amount'),
        open_interest_value: eb.ref('excluded.open_interest_value'),
        long_account: eb.ref('excluded.long_account'),
        short_account: eb.ref('excluded.short_account'),
        long_short_ratio: eb.ref('excluded.long_short_ratio'),
        funding_rate: eb.ref('excluded.funding_rate'),
        mark_price: eb.ref('excluded.mark_price'),
      })),
    )
    .execute();
}

/** Recounts one series (an index range scan of that series only) into `sentiment_series`. */
function refreshSeriesSummary(db: Kysely<MarketDatabase>, metric: SentimentMetric, symbol: string) {
  return db
    .insertInto('sentiment_series')
    .columns(['metric', 'symbol', 'record_count', 'newest_ts'])
    .expression((eb) =>
      eb
        .selectFrom('sentiment_records')
        .select((inner) => [
          'metric',
          'symbol',
          inner.fn.countAll<number>().as('record_count'),
          inner.fn.max('ts').as('newest_ts'),
        ])
        .where('metric', '=', metric)
        .where('symbol', '=', symbol)
        .groupBy(['metric', 'symbol']),
    )
    .onConflict((conflict) =>
      conflict.columns(['metric', 'symbol']).doUpdateSet((eb) => ({
        record_count: eb.ref('excluded.record_count'),
        newest_ts: eb.ref('excluded.newest_ts'),
      })),
    )
    .execute();
}

function toRow(metric: SentimentMetric, symbol: string, record: SentimentRecord): SentimentRecordRow {
  const row: SentimentRecordRow = { metric, symbol, ts: record.timestamp, ...EMPTY_VALUES };
  for (const field of SENTIMENT_METRIC_DEFINITIONS[metric].fields) row[field] = record.values[field] ?? null;
  return row;
}

function toRecord(metric: SentimentMetric, row: SentimentRecordRow): SentimentRecord {
  const values: SentimentValues = {};
  for (const field of SENTIMENT_METRIC_DEFINITIONS[metric].fields) {
    const value = row[field];
    values[field] = value === null ? null : Number(value);
  }
  return { timestamp: Number(row.ts), values };
}
