import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { MembershipsTable, QuotaUsageTable } from './entitlements.tables.ts';

export type MembershipRecord = Selectable<MembershipsTable>;
export type QuotaKind = QuotaUsageTable['kind'];

/** What quota decisions need about an account, in one read. */
export interface AccountHoldings {
  userExists: boolean;
  timeZone: string | null;
  membership: MembershipRecord | null;
  askCredits: number;
}

export async function findAccountHoldings(db: DbExecutor, userId: string): Promise<AccountHoldings> {
  const row = await db
    .selectFrom('users')
    .leftJoin('memberships', 'memberships.user_id', 'users.id')
    .leftJoin('ask_credit_balances', 'ask_credit_balances.user_id', 'users.id')
    .select([
      'users.timezone as timeZone',
      'memberships.plan_code as planCode',
      'memberships.started_at as startedAt',
      'memberships.expires_at as expiresAt',
      'memberships.updated_at as membershipUpdatedAt',
      'ask_credit_balances.credits as credits',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return { userExists: false, timeZone: null, membership: null, askCredits: 0 };
  const membership =
    row.planCode !== null && row.expiresAt !== null
      ? {
          user_id: userId,
          plan_code: row.planCode,
          started_at: row.startedAt ?? row.expiresAt,
          expires_at: row.expiresAt,
          updated_at: row.membershipUpdatedAt ?? row.expiresAt,
        }
      : null;
  return { userExists: true, timeZone: row.timeZone, membership, askCredits: Number(row.credits ?? 0) };
}

export async function findMembership(db: DbExecutor, userId: string): Promise<MembershipRecord | undefined> {
  return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertMembershipIfAbsent(
  db: DbExecutor,
  membership: MembershipRecord,
): Promise<boolean> {
  const result = await db
    .insertInto('memberships')
    .values(membership)
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Compare-and-set on the expiry, so two concurrent extensions cannot both start from the same old expiry. */
export async function updateMembershipIfUnchanged(
  db: DbExecutor,
  userId: string,
  expectedExpiresAt: string,
  changes: Pick<MembershipRecord, 'plan_code' | 'started_at' | 'expires_at' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('memberships')
    .set(changes)
    .where('user_id', '=', userId)
    .where('expires_at', '=', expectedExpiresAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertMembershipGrant(
  db: DbExecutor,
  grant: {
    id: string;
    userId: string;
    planCode: string;
    source: 'order' | 'redemption' | 'admin';
    sourceId: string;
    durationDays: number;
    previousExpiresAt: string | null;
    expiresAt: string;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('membership_grants')
    .values({
      id: grant.id,
      user_id: grant.userId,
      plan_code: grant.planCode,
      source: grant.source,
      source_id: grant.sourceId,
      duration_days: grant.durationDays,
      previous_expires_at: grant.previousExpiresAt,
      expires_at: grant.expiresAt,
      created_at: grant.createdAt,
    })
    .execute();
}

export async function findUsage(
  db: DbExecutor,
  userId: string,
  kind: QuotaKind,
  day: string,
): Promise<number> {
  const row = await db
    .selectFrom('quota_usage')
    .select('used')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/**
 * Adds one use to the day's counter when it is below `limit` (no limit when null). The row is created first so the
 * increment is always one conditional update: concurrent spends queue on that row and re-check the guard.
 */
export async function incrementUsage(
  db: DbExecutor,
  key: { userId: string; kind: QuotaKind; day: string },
  limit: number | null,
  now: string,
): Promise<boolean> {
  await db
    .insertInto('quota_usage')
    .values({ user_id: key.userId, kind: key.kind, day: key.day, used: 0, updated_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'day']).doNothing())
    .execute();
  let update = db
    .updateTable('quota_usage')
    .set((eb) => ({ used: eb('used', '+', 1), updated_at: now }))
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('day', '=', key.day);
  if (limit !== null) update = update.where('used', '<', limit);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Spends one pack credit if any is left (conditional update; the balance never goes below zero). */
export async function spendAskCredit(db: DbExecutor, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('ask_credit_balances')
    .set((eb) => ({ credits: eb('credits', '-', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .where('credits', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function addAskCredits(
  db: DbExecutor,
  userId: string,
  credits: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('ask_credit_balances')
    .values({ user_id: userId, credits, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        credits: eb('ask_credit_balances.credits', '+', credits),
        updated_at: now,
      })),
    )
    .execute();
}

export async function hasDeepAccessGrant(db: DbExecutor, userId: string, reportId: string): Promise<boolean> {
  const row = await db
    .selectFrom('deep_access_grants')
    .select('report_id')
    .where('user_id', '=', userId)
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Returns false when the report was already unlocked (the grant is kept once). */
export async function insertDeepAccessGrant(
  db: DbExecutor,
  grant: { userId: string; reportId: string; orderId: string | null; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('deep_access_grants')
    .values({
      user_id: grant.userId,
      report_id: grant.reportId,
      order_id: grant.orderId,
      created_at: grant.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'report_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listDeepAccessReportIds(db: DbExecutor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('deep_access_grants')
    .select('report_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('report_id')
    .execute();
  return rows.map((row) => row.report_id);
}
