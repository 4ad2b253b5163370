import { type Kysely, SqliteAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('candle_series')
    .addColumn('id', isSqlite ? 'integer' : 'serial', (column) => {
      const key = column.primaryKey();
      return isSqlite ? key.autoIncrement() : key;
    })
    .addColumn('exchange', 'text', (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
    .addColumn('timeframe', 'text', (column) => column.notNull())
    .addUniqueConstraint('candle_series_natural_key', ['exchange', 'symbol', 'timeframe'])
    .execute();
  const candles = db.schema
    .createTable('candles')
    .addColumn('series_id', 'integer', (column) =>
      column.notNull().references('candle_series.id').onDelete('cascade'),
    )
    .addColumn('ts', 'bigint', (column) => column.notNull())
    .addColumn('open', 'double precision', (column) => column.notNull())
    .addColumn('high', 'double precision', (column) => column.notNull())
    .addColumn('low', 'double precision', (column) => column.notNull())
    .addColumn('close', 'double precision', (column) => column.notNull())
    .addColumn('volume', 'double precision', (column) => column.notNull())
    .addPrimaryKeyConstraint('candles_pkey', ['series_id', 'ts']);
  // Rows are only ever found by their key, so SQLite can keep them in the key's b-tree and skip the rowid index.
  await (isSqlite ? candles.modifyEnd(sql`without rowid`) : candles).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candles').execute();
  await db.schema.dropTable('candle_series').execute();
}
