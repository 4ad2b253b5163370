import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { SynastryInvitesTable } from './synastry.tables.ts';

export type InviteRecord = Selectable<SynastryInvitesTable>;

/** An invite with what its public view needs from the host's account. */
export interface InviteWithHost extends InviteRecord {
  host_nickname: string;
}

export async function insertInvite(db: DbExecutor, record: InviteRecord): Promise<void> {
  await db.insertInto('synastry_invites').values(record).execute();
}

export async function findInviteByTokenHash(
  db: DbExecutor,
  tokenHash: string,
): Promise<InviteWithHost | undefined> {
  return db
    .selectFrom('synastry_invites')
    .innerJoin('users', 'users.id', 'synastry_invites.host_user_id')
    .selectAll('synastry_invites')
    .select('users.nickname as host_nickname')
    .where('synastry_invites.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks an invite accepted if it is still open: one conditional update, so of two concurrent acceptances exactly
 * one changes the row (PostgreSQL re-checks the condition after the first commits; SQLite serialises writers).
 */
export async function claimInvite(
  db: DbExecutor,
  input: { id: string; acceptedBy: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('synastry_invites')
    .set({ accepted_at: input.at, accepted_by_user_id: input.acceptedBy })
    .where('id', '=', input.id)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', input.at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordInviteOutcome(
  db: DbExecutor,
  id: string,
  outcome: { guestProfileId: string; reportId: string },
): Promise<void> {
  await db
    .updateTable('synastry_invites')
    .set({ guest_profile_id: outcome.guestProfileId, report_id: outcome.reportId })
    .where('id', '=', id)
    .execute();
}

export async function findInviteById(db: DbExecutor, id: string): Promise<InviteRecord | undefined> {
  return db.selectFrom('synastry_invites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's nickname and whether it is still a guest (guests carry a generated nickname). */
export async function findAccountName(
  db: DbExecutor,
  userId: string,
): Promise<{ nickname: string; isGuest: boolean } | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['nickname', 'is_guest'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user && { nickname: user.nickname, isGuest: Number(user.is_guest) === 1 };
}
