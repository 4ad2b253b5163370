import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import type { CommerceEntitlements } from '../entitlements/commerce-entitlements.ts';
import { MembershipService } from './membership.service.ts';
import { OrdersService } from './orders.service.ts';
import { PlansService } from './plans.service.ts';
import { RedemptionService } from './redemption.service.ts';

export interface CommerceServices {
  membership: MembershipService;
  orders: OrdersService;
  plans: PlansService;
  redemption: RedemptionService;
}

/** Builds the commerce use cases over one entitlement instance, for app.ts to pass to `commerceRoutes`. */
export function createCommerceServices(deps: {
  db: GrowthDb;
  clock: Clock;
  entitlements: CommerceEntitlements;
}): CommerceServices {
  return {
    membership: new MembershipService(deps),
    orders: new OrdersService(deps),
    plans: new PlansService(deps),
    redemption: new RedemptionService(deps),
  };
}
