import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { AdminActor } from '../admin/admin.service.ts';
import type { CommerceEntitlements } from '../entitlements/commerce-entitlements.ts';
import { extendMembership } from '../entitlements/membership-grants.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { findUserById } from '../identity/identity.repository.ts';
import { findCatalogItem } from './catalog.repository.ts';
import {
  toMembershipMe,
  toUserEntitlementsView,
  type MembershipMe,
  type UserEntitlementsView,
} from './commerce.mapper.ts';
import { normalizeRedemptionCode } from './redemption-code.ts';
import { findCodeByValue, markCodeUsed } from './redemption.repository.ts';

export interface MembershipServiceOptions {
  db: GrowthDb;
  clock: Clock;
  entitlements: CommerceEntitlements;
}

const INVALID_CODE_MESSAGE = '兑换码无效';
const USED_CODE_MESSAGE = '兑换码已被使用';
const DISABLED_CODE_MESSAGE = '兑换码已停用';

type RedeemOutcome = 'redeemed' | 'invalid' | 'used' | 'disabled';

/** The caller's membership, redemption of codes, and the console's grants and entitlement aggregate. */
export class MembershipService {
  constructor(private readonly options: MembershipServiceOptions) {}

  async getMembershipMe(userId: string): Promise<MembershipMe> {
    return this.membershipMeOf(this.options.db, userId, this.options.clock.now());
  }

  /**
   * Redeems a code for its batch's plan. The code's move to `used` is one conditional update in the same
   * transaction as the membership extension, so under concurrent redeems exactly one account wins it.
   */
  async redeem(userId: string, input: string): Promise<MembershipMe> {
    const code = normalizeRedemptionCode(input);
    if (code === null) throw new AppError('BAD_REQUEST', INVALID_CODE_MESSAGE);
    const at = this.options.clock.now();
    const outcome = await this.options.db.transaction().execute(async (trx): Promise<RedeemOutcome> => {
      const found = await findCodeByValue(trx, code);
      if (!found) return 'invalid';
      if (!(await markCodeUsed(trx, found.id, userId, at.toISOString()))) {
        const current = await findCodeByValue(trx, code);
        return current?.status === 'disabled' ? 'disabled' : 'used';
      }
      const plan = await findCatalogItem(trx, found.planCode);
      if (!plan || plan.kind !== 'membership' || plan.duration_days === null) {
        throw new Error(`redemption batch plan ${found.planCode} is not a membership plan`);
      }
      await extendMembership(trx, {
        userId,
        planCode: plan.code,
        durationDays: plan.duration_days,
        source: 'redemption',
        sourceId: found.id,
        at,
      });
      return 'redeemed';
    });
    if (outcome === 'invalid') throw new AppError('BAD_REQUEST', INVALID_CODE_MESSAGE);
    if (outcome === 'used') throw new AppError('BAD_REQUEST', USED_CODE_MESSAGE);
    if (outcome === 'disabled') throw new AppError('BAD_REQUEST', DISABLED_CODE_MESSAGE);
    return this.getMembershipMe(userId);
  }

  /** Console grant: extends like a purchase, with an audit entry in the same transaction. */
  async grantMembership(actor: AdminActor, userId: string, planCode: string): Promise<MembershipMe> {
    const at = this.options.clock.now();
    return this.options.db.transaction().execute(async (trx) => {
      if (!(await findUserById(trx, userId))) throw notFound('user');
      const plan = await findCatalogItem(trx, planCode);
      if (!plan || plan.kind !== 'membership' || plan.duration_days === null) {
        throw new AppError('VALIDATION_FAILED', `body.plan ${planCode} is not a membership plan`);
      }
      const grant = await extendMembership(trx, {
        userId,
        planCode: plan.code,
        durationDays: plan.duration_days,
        source: 'admin',
        sourceId: actor.adminId,
        at,
      });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'membership.grant',
        targetType: 'user',
        targetId: userId,
        before: { expires_at: grant.previousExpiresAt },
        after: { plan: plan.code, duration_days: plan.duration_days, expires_at: grant.expiresAt },
        clientAddress: actor.clientAddress,
        at: at.toISOString(),
      });
      return this.membershipMeOf(trx, userId, at);
    });
  }

  async getUserEntitlements(userId: string): Promise<UserEntitlementsView> {
    const { db, entitlements } = this.options;
    if (!(await findUserById(db, userId))) throw notFound('user');
    return toUserEntitlementsView(userId, await entitlements.summarize(db, userId, this.options.clock.now()));
  }

  private async membershipMeOf(db: DbExecutor, userId: string, at: Date): Promise<MembershipMe> {
    const { entitlements } = this.options;
    const membership = await entitlements.getMembership(db, userId, at);
    const askQuota = await entitlements.getAskQuota(db, userId, at);
    return toMembershipMe(membership, askQuota);
  }
}
