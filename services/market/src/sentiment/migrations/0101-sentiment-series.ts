import type { Kysely } from 'kysely';

/**
 * Per (metric, symbol): how many records are stored and the newest timestamp. Kept in step by every upsert, so
 * /api/sentiment/available reads 95 rows instead of counting a table that grows by ~4,600 rows a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sentiment_series')
    .addColumn('metric', 'text', (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
    .addColumn('record_count', 'bigint', (column) => column.notNull())
    .addColumn('newest_ts', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('sentiment_series_pkey', ['metric', 'symbol'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sentiment_series').execute();
}
