import { type Kysely, SqliteAdapter, sql } from 'kysely';

const VALUE_COLUMNS = [
  'buy_sell_ratio',
  'buy_vol',
  'sell_vol',
  'open_interest_amount',
  'open_interest_value',
  'long_account',
  'short_account',
  'long_short_ratio',
  'funding_rate',
  'mark_price',
] as const;

/**
 * One table for the five sentiment metrics: each metric fills its own columns and leaves the others null. The
 * primary key (metric, symbol, ts) is what makes the collector's writes idempotent upserts, and it also serves
 * every read (latest, ranges, counts) as an index range scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  let table = db.schema
    .createTable('sentiment_records')
    .addColumn('metric', 'text', (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
    .addColumn('ts', 'bigint', (column) => column.notNull());
  for (const name of VALUE_COLUMNS) table = table.addColumn(name, 'double precision');
  table = table.addPrimaryKeyConstraint('sentiment_records_pkey', ['metric', 'symbol', 'ts']);
  // Rows are only ever reached through the key, so SQLite can store them in the key's b-tree.
  await (isSqlite ? table.modifyEnd(sql`without rowid`) : table).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sentiment_records').execute();
}
