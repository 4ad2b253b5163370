import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteHook } from '../http/rate-limits.ts';
import { commerceAdminRoutes } from './commerce-admin.routes.ts';
import type { CommerceServices } from './commerce-services.ts';
import { membershipRoutes } from './membership.routes.ts';
import { ordersRoutes } from './orders.routes.ts';

export interface CommerceRoutesOptions extends CommerceServices {
  /** Redeem attempts: per account and per client address (decisions: rate limits). */
  redeemRateLimits: RouteHook;
}

/** Membership, orders and redemption for users; plans, codes, orders, grants and entitlements for the console. */
export const commerceRoutes: FastifyPluginAsyncTypebox<CommerceRoutesOptions> = async (app, options) => {
  const { redeemRateLimits, ...services } = options;
  await app.register(membershipRoutes, { membership: services.membership, redeemRateLimits });
  await app.register(ordersRoutes, { orders: services.orders });
  await app.register(commerceAdminRoutes, services);
};
