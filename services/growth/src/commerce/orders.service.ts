import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { emitServerEvent } from '../analytics/server-events.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import {
  addAskCredits,
  hasDeepAccessGrant,
  insertDeepAccessGrant,
} from '../entitlements/entitlements.repository.ts';
import { extendMembership } from '../entitlements/membership-grants.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import { findCatalogItem } from './catalog.repository.ts';
import { toAdminOrderView, toOrderView, type AdminOrderView, type OrderView } from './commerce.mapper.ts';
import {
  ASK_PACK_CODES,
  DEEP_ACCESS_CODE,
  MEMBERSHIP_PLAN_CODES,
  type AdminOrdersQuery,
  type CreateOrderBody,
} from './commerce.schemas.ts';
import type { OrderKind } from './commerce.tables.ts';
import { ORDER_PAYMENT_WINDOW_MS, effectiveOrderStatus } from './order-status.ts';
import {
  findOwnedOrder,
  insertOrder,
  isReportOwnedBy,
  listOrders,
  listOrdersOfUser,
  markOrderCancelled,
  markOrderExpired,
  markOrderPaid,
  type OrderRecord,
} from './orders.repository.ts';
import { shanghaiDayBounds } from './shanghai-day-bounds.ts';

const PLANS_OF_KIND: Record<OrderKind, readonly string[]> = {
  membership: MEMBERSHIP_PLAN_CODES,
  ask_pack: ASK_PACK_CODES,
  deep_access: [DEEP_ACCESS_CODE],
};

export interface OrdersServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** What a payment attempt found, decided inside its transaction and answered after it. */
type PaymentOutcome =
  { kind: 'paid'; order: OrderRecord } | { kind: 'expired' } | { kind: 'cancelled' } | { kind: 'not_found' };

/**
 * Orders: `pending → paid | cancelled | expired`. Amounts and benefits come from the catalog at creation; payment
 * is one conditional update plus fulfilment in one transaction, so an order is fulfilled at most once.
 */
export class OrdersService {
  constructor(private readonly options: OrdersServiceOptions) {}

  async createOrder(userId: string, body: Static<typeof CreateOrderBody>): Promise<OrderView> {
    const { db } = this.options;
    const planCode = this.resolvePlanCode(body);
    const item = await findCatalogItem(db, planCode);
    if (!item || item.kind !== body.kind || item.active !== 1) {
      throw new AppError('VALIDATION_FAILED', `body.plan ${planCode} is not on sale`);
    }
    const reportId = body.kind === 'deep_access' ? (body.report_id ?? null) : null;
    if (reportId !== null) await this.checkReportCanBeUnlocked(db, userId, reportId);

    const now = this.options.clock.now();
    const order: OrderRecord = {
      id: randomUUID(),
      user_id: userId,
      kind: body.kind,
      plan: item.code,
      report_id: reportId,
      amount_cents: item.amount_cents,
      duration_days: item.kind === 'membership' ? item.duration_days : null,
      credits: item.kind === 'ask_pack' ? item.credits : null,
      status: 'pending',
      created_at: now.toISOString(),
      paid_at: null,
      cancelled_at: null,
      expires_at: new Date(now.getTime() + ORDER_PAYMENT_WINDOW_MS).toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      await insertOrder(trx, order);
      await emitServerEvent(trx, {
        name: 'order_created',
        userId,
        at: now,
        props: { order_id: order.id, kind: order.kind, plan: order.plan, amount_cents: order.amount_cents },
      });
    });
    return toOrderView(order, 'pending');
  }

  async getOrder(userId: string, orderId: string): Promise<OrderView> {
    const order = await findOwnedOrder(this.options.db, userId, orderId);
    if (!order) throw notFound('order');
    return toOrderView(order, effectiveOrderStatus(order, this.options.clock.now().toISOString()));
  }

  async listMyOrders(userId: string, page: { limit: number; offset: number }): Promise<OrderView[]> {
    const now = this.options.clock.now().toISOString();
    const orders = await listOrdersOfUser(this.options.db, userId, page);
    return orders.map((order) => toOrderView(order, effectiveOrderStatus(order, now)));
  }

  /**
   * Simulated payment success. Exactly one call moves a pending order to paid and fulfils it, in the same
   * transaction; a paid order answers as it is (nothing granted again); expired 410; cancelled 400.
   */
  async payMock(userId: string, orderId: string): Promise<OrderView> {
    const at = this.options.clock.now();
    const now = at.toISOString();
    const outcome = await this.options.db.transaction().execute(async (trx): Promise<PaymentOutcome> => {
      const order = await findOwnedOrder(trx, userId, orderId);
      if (!order) return { kind: 'not_found' };
      if (await markOrderPaid(trx, order.id, now)) {
        const paid: OrderRecord = { ...order, status: 'paid', paid_at: now };
        await fulfilOrder(trx, paid, at);
        await emitServerEvent(trx, {
          name: 'order_paid',
          userId,
          at,
          props: { order_id: order.id, kind: order.kind, plan: order.plan, amount_cents: order.amount_cents },
        });
        return { kind: 'paid', order: paid };
      }
      // Someone else moved it first (or time did): read what it is now.
      const current = (await findOwnedOrder(trx, userId, orderId)) ?? order;
      const status = effectiveOrderStatus(current, now);
      if (status === 'paid') return { kind: 'paid', order: current };
      if (status === 'cancelled') return { kind: 'cancelled' };
      await markOrderExpired(trx, current.id, now);
      return { kind: 'expired' };
    });
    switch (outcome.kind) {
      case 'paid':
        return toOrderView(outcome.order, 'paid');
      case 'not_found':
        throw notFound('order');
      case 'cancelled':
        throw new AppError('BAD_REQUEST', 'order is cancelled');
      case 'expired':
        throw new AppError('GONE', 'order has expired');
    }
  }

  /** Cancels a pending order; cancelling a cancelled order answers it again; paid 400; expired 410. */
  async cancelOrder(userId: string, orderId: string): Promise<OrderView> {
    const now = this.options.clock.now().toISOString();
    const { db } = this.options;
    const order = await findOwnedOrder(db, userId, orderId);
    if (!order) throw notFound('order');
    if (await markOrderCancelled(db, order.id, now)) {
      return toOrderView({ ...order, status: 'cancelled', cancelled_at: now }, 'cancelled');
    }
    const current = (await findOwnedOrder(db, userId, orderId)) ?? order;
    const status = effectiveOrderStatus(current, now);
    if (status === 'cancelled') return toOrderView(current, 'cancelled');
    if (status === 'paid') throw new AppError('BAD_REQUEST', 'order is already paid');
    await markOrderExpired(db, current.id, now);
    throw new AppError('GONE', 'order has expired');
  }

  async listOrdersForAdmin(query: Static<typeof AdminOrdersQuery>): Promise<Page<AdminOrderView>> {
    const now = this.options.clock.now().toISOString();
    const page = await listOrders(
      this.options.db,
      {
        status: query.status,
        kind: query.kind,
        userId: query.user_id,
        from: query.from === undefined ? undefined : shanghaiDayBounds(query.from).start,
        toExclusive: query.to === undefined ? undefined : shanghaiDayBounds(query.to).endExclusive,
      },
      { limit: query.limit, offset: query.offset },
      now,
    );
    return {
      items: page.items.map((order) => toAdminOrderView(order, effectiveOrderStatus(order, now))),
      total: page.total,
    };
  }

  /** `plan` must name a product of the order's kind; deep access takes `report_id` and no other plan. */
  private resolvePlanCode(body: Static<typeof CreateOrderBody>): string {
    if (body.kind === 'deep_access') {
      if (body.report_id === undefined) throw new AppError('VALIDATION_FAILED', 'body.report_id is required');
      if (body.plan !== undefined && body.plan !== DEEP_ACCESS_CODE) {
        throw new AppError('VALIDATION_FAILED', `body.plan must be ${DEEP_ACCESS_CODE} or absent`);
      }
      return DEEP_ACCESS_CODE;
    }
    if (body.report_id !== undefined) {
      throw new AppError('VALIDATION_FAILED', `body.report_id is not allowed for kind ${body.kind}`);
    }
    const allowed = PLANS_OF_KIND[body.kind];
    if (body.plan === undefined || !allowed.includes(body.plan)) {
      throw new AppError('VALIDATION_FAILED', `body.plan must be one of ${allowed.join(', ')}`);
    }
    return body.plan;
  }

  private async checkReportCanBeUnlocked(db: DbExecutor, userId: string, reportId: string): Promise<void> {
    if (!(await isReportOwnedBy(db, reportId, userId))) throw notFound('report');
    if (await hasDeepAccessGrant(db, userId, reportId)) {
      throw new AppError('CONFLICT', 'deep access to this report is already unlocked');
    }
  }
}

/**
 * Grants what a just-paid order bought, inside the payment's transaction. A deep-access order whose report was
 * unlocked meanwhile (two pending orders for one report) fails with 409 and rolls its payment back, so nobody
 * pays twice for one unlock.
 */
async function fulfilOrder(trx: DbExecutor, order: OrderRecord, at: Date): Promise<void> {
  switch (order.kind) {
    case 'membership':
      await extendMembership(trx, {
        userId: order.user_id,
        planCode: order.plan,
        durationDays: requireBenefit(order, order.duration_days),
        source: 'order',
        sourceId: order.id,
        at,
      });
      return;
    case 'ask_pack':
      await addAskCredits(trx, order.user_id, requireBenefit(order, order.credits), at.toISOString());
      return;
    case 'deep_access': {
      const reportId = order.report_id;
      if (reportId === null) throw new Error(`deep_access order ${order.id} has no report`);
      const granted = await insertDeepAccessGrant(trx, {
        userId: order.user_id,
        reportId,
        orderId: order.id,
        createdAt: at.toISOString(),
      });
      if (!granted) throw new AppError('CONFLICT', 'deep access to this report is already unlocked');
      return;
    }
  }
}

function requireBenefit(order: OrderRecord, value: number | null): number {
  if (value === null || value <= 0) throw new Error(`order ${order.id} carries no benefit to grant`);
  return value;
}
