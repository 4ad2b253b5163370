import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { Page } from '../http/pagination.ts';
import type { OrderKind, OrdersTable, StoredOrderStatus } from './commerce.tables.ts';

export type OrderRecord = Selectable<OrdersTable>;

export interface OrderFilters {
  status?: StoredOrderStatus | undefined;
  kind?: OrderKind | undefined;
  userId?: string | undefined;
  /** Inclusive lower bound on `created_at` (ISO instant). */
  from?: string | undefined;
  /** Exclusive upper bound on `created_at` (ISO instant). */
  toExclusive?: string | undefined;
}

export async function insertOrder(db: DbExecutor, order: OrderRecord): Promise<void> {
  await db.insertInto('orders').values(order).execute();
}

export async function findOrderById(db: DbExecutor, id: string): Promise<OrderRecord | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another account's order is indistinguishable from a missing one. */
export async function findOwnedOrder(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<OrderRecord | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The one move to `paid`: only a pending order that has not lapsed. Concurrent payments queue on the row and
 * re-check the guard, so exactly one of them changes it and only that one fulfils.
 */
export async function markOrderPaid(db: DbExecutor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markOrderCancelled(db: DbExecutor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Writes down an expiry that time already decided, so stored and shown status agree. */
export async function markOrderExpired(db: DbExecutor, id: string, now: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

export async function listOrdersOfUser(
  db: DbExecutor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<OrderRecord[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Admin list. `pending` and `expired` follow time, as the records show them, not only the stored column. */
export async function listOrders(
  db: DbExecutor,
  filters: OrderFilters,
  page: { limit: number; offset: number },
  now: string,
): Promise<Page<OrderRecord>> {
  let query = db.selectFrom('orders');
  if (filters.status === 'pending') {
    query = query.where('status', '=', 'pending').where('expires_at', '>', now);
  } else if (filters.status === 'expired') {
    query = query.where((eb) =>
      eb.or([
        eb('status', '=', 'expired'),
        eb.and([eb('status', '=', 'pending'), eb('expires_at', '<=', now)]),
      ]),
    );
  } else if (filters.status) {
    query = query.where('status', '=', filters.status);
  }
  if (filters.kind) query = query.where('kind', '=', filters.kind);
  if (filters.userId) query = query.where('user_id', '=', filters.userId);
  if (filters.from) query = query.where('created_at', '>=', filters.from);
  if (filters.toExclusive) query = query.where('created_at', '<', filters.toExclusive);
  const [items, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/**
 * Whether a report exists and belongs to the account. `reports` is the reports feature's table; only the two
 * columns every report has are named here.
 */
export async function isReportOwnedBy(db: DbExecutor, reportId: string, userId: string): Promise<boolean> {
  const row = await db
    .withTables<{ reports: { id: string; user_id: string } }>()
    .selectFrom('reports')
    .select('id')
    .where('id', '=', reportId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
