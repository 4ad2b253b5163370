import { sql, type Kysely } from 'kysely';

// Prices of the decisions (cents). Seeded here so a fresh database can sell at once; admins edit plans later.
const SEED_CATALOG = [
  {
    code: 'month',
    kind: 'membership',
    title: '月度会员',
    duration_days: 30,
    credits: null,
    amount_cents: 3000,
    sort: 10,
  },
  {
    code: 'quarter',
    kind: 'membership',
    title: '季度会员',
    duration_days: 90,
    credits: null,
    amount_cents: 8000,
    sort: 20,
  },
  {
    code: 'year',
    kind: 'membership',
    title: '年度会员',
    duration_days: 365,
    credits: null,
    amount_cents: 26800,
    sort: 30,
  },
  {
    code: 'pack10',
    kind: 'ask_pack',
    title: '问答次数包 10 次',
    duration_days: null,
    credits: 10,
    amount_cents: 990,
    sort: 40,
  },
  {
    code: 'pack30',
    kind: 'ask_pack',
    title: '问答次数包 30 次',
    duration_days: null,
    credits: 30,
    amount_cents: 2490,
    sort: 50,
  },
  {
    code: 'pack100',
    kind: 'ask_pack',
    title: '问答次数包 100 次',
    duration_days: null,
    credits: 100,
    amount_cents: 6990,
    sort: 60,
  },
  {
    code: 'deep_access',
    kind: 'deep_access',
    title: '单份报告深度解读',
    duration_days: null,
    credits: null,
    amount_cents: 1990,
    sort: 70,
  },
] as const;

// Migrations take Kysely<any>: they describe the schema as it was at their version, not as the code types it now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('membership_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_code', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('previous_expires_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('membership_grants_user_idx')
    .on('membership_grants')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('quota_usage')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quota_usage_pk', ['user_id', 'kind', 'day'])
    .execute();

  await db.schema
    .createTable('ask_credit_balances')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits >= 0`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('deep_access_grants')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deep_access_grants_pk', ['user_id', 'report_id'])
    .execute();

  await db.schema
    .createTable('commerce_catalog')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('duration_days', 'integer')
    .addColumn('credits', 'integer')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const seededAt = new Date().toISOString();
  await db
    .insertInto('commerce_catalog')
    .values(SEED_CATALOG.map((item) => ({ ...item, active: 1, created_at: seededAt, updated_at: seededAt })))
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('redemption_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('plan_code', 'text', (c) => c.notNull().references('commerce_catalog.code'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('redemption_batches_created_idx')
    .on('redemption_batches')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('redemption_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => c.notNull().references('redemption_batches.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('used_by', 'text')
    .addColumn('used_at', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('redemption_codes_batch_idx')
    .on('redemption_codes')
    .columns(['batch_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'redemption_codes',
    'redemption_batches',
    'orders',
    'commerce_catalog',
    'deep_access_grants',
    'ask_credit_balances',
    'quota_usage',
    'membership_grants',
    'memberships',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
