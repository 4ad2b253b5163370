import type { DbExecutor } from '../db/database.ts';

/**
 * The one place every feature asks "what may this account do?". The commerce feature implements it over
 * memberships, orders and pack credits; reports, image cards and ask only ever call this interface.
 */
export interface MembershipState {
  active: boolean;
  plan: string | null;
  /** `none`, `active` or `expired`; expiry is decided by time at read, not by a job. */
  status: 'none' | 'active' | 'expired';
  expiresAt: string | null;
}

export interface AskQuota {
  active_membership: boolean;
  remaining: number;
  free_limit: number;
  /** Where the next question is paid from: `free`, `membership` or `pack` (`none` when used up). */
  source: 'free' | 'membership' | 'pack' | 'none';
}

export interface ImageCardQuota {
  remaining: number;
  daily_free: number;
  unlimited: boolean;
}

export interface Entitlements {
  getMembership(db: DbExecutor, userId: string, at: Date): Promise<MembershipState>;
  /** Active membership, or a paid `deep_access` order for that report. */
  hasDeepAccess(db: DbExecutor, userId: string, reportId: string, at: Date): Promise<boolean>;
  getAskQuota(db: DbExecutor, userId: string, at: Date): Promise<AskQuota>;
  /**
   * Spends one question inside the caller's transaction, atomically (a conditional update, so concurrent messages
   * never overspend). Throws AppError QUOTA_EXHAUSTED (402) when nothing is left; the transaction then rolls back.
   * Returns the quota after spending.
   */
  spendAskQuestion(db: DbExecutor, userId: string, at: Date): Promise<AskQuota>;
  getImageCardQuota(db: DbExecutor, userId: string, at: Date): Promise<ImageCardQuota>;
  /** Same contract as spendAskQuestion, for image-card draws. */
  spendImageCardDraw(db: DbExecutor, userId: string, at: Date): Promise<ImageCardQuota>;
}
