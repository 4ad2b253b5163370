import type { Kysely } from 'kysely';

/**
 * What an order grants is fixed when it is created, beside its amount: a plan edited while the order is pending
 * changes neither the price nor the days (or credits) the buyer was shown.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('duration_days', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('credits', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('credits').execute();
  await db.schema.alterTable('orders').dropColumn('duration_days').execute();
}
