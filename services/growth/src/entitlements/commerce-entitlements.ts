import type { DbExecutor } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import type { AskQuota, Entitlements, ImageCardQuota, MembershipState } from './entitlements.ts';
import {
  findAccountHoldings,
  findUsage,
  hasDeepAccessGrant,
  incrementUsage,
  listDeepAccessReportIds,
  spendAskCredit,
  type AccountHoldings,
  type MembershipRecord,
} from './entitlements.repository.ts';
import { DEFAULT_QUOTA_RULES, quotaDay, type QuotaRules } from './quota-rules.ts';

export interface CommerceEntitlementsOptions {
  quotas?: Partial<QuotaRules>;
}

/** Everything an account holds, as the admin aggregate shows it. */
export interface EntitlementSummary {
  membership: MembershipState;
  deepAccessReportIds: string[];
  askQuota: AskQuota;
  imageCardQuota: ImageCardQuota;
  packCredits: number;
}

export function membershipStateOf(record: MembershipRecord | null, at: Date): MembershipState {
  if (!record) return { active: false, plan: null, status: 'none', expiresAt: null };
  const active = record.expires_at > at.toISOString();
  return {
    active,
    plan: record.plan_code,
    status: active ? 'active' : 'expired',
    expiresAt: record.expires_at,
  };
}

/**
 * `Entitlements` over the commerce tables. Reads decide membership expiry by time; spends are conditional
 * updates inside the caller's executor (a transaction when the caller opened one), so concurrent requests never
 * spend more than the allowance. Unknown accounts hold nothing.
 */
export class CommerceEntitlements implements Entitlements {
  readonly rules: QuotaRules;

  constructor(options: CommerceEntitlementsOptions = {}) {
    this.rules = { ...DEFAULT_QUOTA_RULES, ...options.quotas };
  }

  async getMembership(db: DbExecutor, userId: string, at: Date): Promise<MembershipState> {
    const holdings = await findAccountHoldings(db, userId);
    return membershipStateOf(holdings.membership, at);
  }

  async hasDeepAccess(db: DbExecutor, userId: string, reportId: string, at: Date): Promise<boolean> {
    const holdings = await findAccountHoldings(db, userId);
    if (membershipStateOf(holdings.membership, at).active) return true;
    return hasDeepAccessGrant(db, userId, reportId);
  }

  async getAskQuota(db: DbExecutor, userId: string, at: Date): Promise<AskQuota> {
    const holdings = await findAccountHoldings(db, userId);
    const day = quotaDay(at, holdings.timeZone);
    return this.askQuotaOf(holdings, await findUsage(db, userId, 'ask', day), at);
  }

  /**
   * Pays one question from the day's allowance (free or membership), else from pack credits. Each source is
   * spent by one conditional update, so the allowance and the balance are never overspent under concurrency.
   */
  async spendAskQuestion(db: DbExecutor, userId: string, at: Date): Promise<AskQuota> {
    const holdings = await findAccountHoldings(db, userId);
    if (!holdings.userExists) throw new AppError('QUOTA_EXHAUSTED', '今日提问次数已用完');
    const day = quotaDay(at, holdings.timeZone);
    const member = membershipStateOf(holdings.membership, at).active;
    const now = at.toISOString();
    const dailyLimit = member ? this.rules.askMemberPerDay : this.rules.askFreePerDay;
    const fromAllowance = await incrementUsage(db, { userId, kind: 'ask', day }, dailyLimit, now);
    if (!fromAllowance && !(await spendAskCredit(db, userId, now))) {
      throw new AppError('QUOTA_EXHAUSTED', '今日提问次数已用完');
    }
    return this.getAskQuota(db, userId, at);
  }

  async getImageCardQuota(db: DbExecutor, userId: string, at: Date): Promise<ImageCardQuota> {
    const holdings = await findAccountHoldings(db, userId);
    const day = quotaDay(at, holdings.timeZone);
    return this.imageCardQuotaOf(holdings, await findUsage(db, userId, 'image_card', day), at);
  }

  /** Members draw without limit (still counted, for the day's usage); others within the daily free draws. */
  async spendImageCardDraw(db: DbExecutor, userId: string, at: Date): Promise<ImageCardQuota> {
    const holdings = await findAccountHoldings(db, userId);
    if (!holdings.userExists) throw new AppError('QUOTA_EXHAUSTED', '今日免费抽卡次数已用完');
    const day = quotaDay(at, holdings.timeZone);
    const member = membershipStateOf(holdings.membership, at).active;
    const limit = member ? null : this.rules.imageCardFreePerDay;
    const spent = await incrementUsage(db, { userId, kind: 'image_card', day }, limit, at.toISOString());
    if (!spent) throw new AppError('QUOTA_EXHAUSTED', '今日免费抽卡次数已用完');
    return this.getImageCardQuota(db, userId, at);
  }

  /** The read-only aggregate of the admin console. */
  async summarize(db: DbExecutor, userId: string, at: Date): Promise<EntitlementSummary> {
    const holdings = await findAccountHoldings(db, userId);
    const day = quotaDay(at, holdings.timeZone);
    const [askUsed, drawsUsed, deepAccessReportIds] = await Promise.all([
      findUsage(db, userId, 'ask', day),
      findUsage(db, userId, 'image_card', day),
      listDeepAccessReportIds(db, userId),
    ]);
    return {
      membership: membershipStateOf(holdings.membership, at),
      deepAccessReportIds,
      askQuota: this.askQuotaOf(holdings, askUsed, at),
      imageCardQuota: this.imageCardQuotaOf(holdings, drawsUsed, at),
      packCredits: holdings.askCredits,
    };
  }

  /**
   * `remaining` counts the day's allowance left plus pack credits; `free_limit` is the day's allowance of the
   * account (5 free, or 100 for members); `source` says what the next question is paid from.
   */
  private askQuotaOf(holdings: AccountHoldings, used: number, at: Date): AskQuota {
    const member = membershipStateOf(holdings.membership, at).active;
    const dailyLimit = member ? this.rules.askMemberPerDay : this.rules.askFreePerDay;
    const dailyLeft = Math.max(0, dailyLimit - used);
    let source: AskQuota['source'] = 'none';
    if (dailyLeft > 0) source = member ? 'membership' : 'free';
    else if (holdings.askCredits > 0) source = 'pack';
    return {
      active_membership: member,
      remaining: dailyLeft + holdings.askCredits,
      free_limit: dailyLimit,
      source,
    };
  }

  /** `remaining` is the day's free draws left; with `unlimited` (members) it never blocks a draw. */
  private imageCardQuotaOf(holdings: AccountHoldings, used: number, at: Date): ImageCardQuota {
    const member = membershipStateOf(holdings.membership, at).active;
    const dailyFree = this.rules.imageCardFreePerDay;
    return { remaining: Math.max(0, dailyFree - used), daily_free: dailyFree, unlimited: member };
  }
}
