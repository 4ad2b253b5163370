import type { StoredOrderStatus } from './commerce.tables.ts';

export type OrderStatus = StoredOrderStatus;

/** Orders lapse 30 minutes after creation (decisions: Orders). */
export const ORDER_PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/**
 * The order's status as time decides it: a pending order past its expiry is expired whether or not anything has
 * written that down yet. No job flips it; every read and every move asks this.
 */
export function effectiveOrderStatus(
  order: { status: StoredOrderStatus; expires_at: string },
  now: string,
): OrderStatus {
  if (order.status === 'pending' && order.expires_at <= now) return 'expired';
  return order.status;
}
