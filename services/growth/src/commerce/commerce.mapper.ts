import type { Static } from '@sinclair/typebox';
import type { AskQuota, MembershipState } from '../entitlements/entitlements.ts';
import type { EntitlementSummary } from '../entitlements/commerce-entitlements.ts';
import type { CatalogItemRecord } from './catalog.repository.ts';
import type {
  AdminOrderSchema,
  MembershipMeSchema,
  MembershipPlanSchema,
  OrderSchema,
  RedemptionBatchSchema,
  RedemptionCodeSchema,
  UserEntitlementsSchema,
} from './commerce.schemas.ts';
import type { OrderStatus } from './order-status.ts';
import type { OrderRecord } from './orders.repository.ts';
import { formatRedemptionCode } from './redemption-code.ts';
import type { RedemptionBatchWithUsage, RedemptionCodeRecord } from './redemption.repository.ts';

export type MembershipMe = Static<typeof MembershipMeSchema>;
export type OrderView = Static<typeof OrderSchema>;
export type AdminOrderView = Static<typeof AdminOrderSchema>;
export type MembershipPlanView = Static<typeof MembershipPlanSchema>;
export type RedemptionBatchView = Static<typeof RedemptionBatchSchema>;
export type RedemptionCodeView = Static<typeof RedemptionCodeSchema>;
export type UserEntitlementsView = Static<typeof UserEntitlementsSchema>;

export function toMembershipMe(membership: MembershipState, askQuota: AskQuota): MembershipMe {
  return {
    active: membership.active,
    ...(membership.plan === null ? {} : { plan: membership.plan }),
    status: membership.status,
    expires_at: membership.expiresAt,
    ask_quota_left: askQuota.remaining,
  };
}

/** `status` is the order's status as time decides it (a lapsed pending order shows as expired). */
export function toOrderView(order: OrderRecord, status: OrderStatus): OrderView {
  return {
    id: order.id,
    kind: order.kind,
    plan: order.plan,
    report_id: order.report_id,
    amount_cents: order.amount_cents,
    status,
    created_at: order.created_at,
    paid_at: order.paid_at,
    expires_at: order.expires_at,
  };
}

export function toAdminOrderView(order: OrderRecord, status: OrderStatus): AdminOrderView {
  return { ...toOrderView(order, status), user_id: order.user_id, cancelled_at: order.cancelled_at };
}

export function toMembershipPlanView(plan: CatalogItemRecord): MembershipPlanView {
  return {
    id: plan.code,
    code: plan.code,
    title: plan.title,
    duration_days: plan.duration_days ?? 0,
    amount_cents: plan.amount_cents,
    active: plan.active === 1,
    updated_at: plan.updated_at,
  };
}

export function toRedemptionBatchView(batch: RedemptionBatchWithUsage): RedemptionBatchView {
  return {
    id: batch.id,
    label: batch.label,
    plan_code: batch.plan_code,
    quantity: batch.quantity,
    used_count: batch.usedCount,
    created_at: batch.created_at,
  };
}

export function toRedemptionCodeView(code: RedemptionCodeRecord): RedemptionCodeView {
  return {
    id: code.id,
    batch_id: code.batch_id,
    code: formatRedemptionCode(code.code),
    status: code.status,
    used_by: code.used_by,
    used_at: code.used_at,
    created_at: code.created_at,
  };
}

export function toUserEntitlementsView(userId: string, summary: EntitlementSummary): UserEntitlementsView {
  return {
    user_id: userId,
    membership: {
      active: summary.membership.active,
      plan: summary.membership.plan,
      status: summary.membership.status,
      expires_at: summary.membership.expiresAt,
    },
    deep_access_report_ids: summary.deepAccessReportIds,
    ask_quota: summary.askQuota,
    image_card_quota: summary.imageCardQuota,
    pack_credits: summary.packCredits,
  };
}
