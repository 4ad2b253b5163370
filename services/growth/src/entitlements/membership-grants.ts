import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import {
  findMembership,
  insertMembershipGrant,
  insertMembershipIfAbsent,
  updateMembershipIfUnchanged,
} from './entitlements.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Compare-and-set retries; only concurrent grants to one account compete, so a few always suffice. */
const MAX_EXTEND_ATTEMPTS = 8;

export interface MembershipGrantInput {
  userId: string;
  planCode: string;
  durationDays: number;
  source: 'order' | 'redemption' | 'admin';
  sourceId: string;
  at: Date;
}

export interface MembershipGrantResult {
  planCode: string;
  previousExpiresAt: string | null;
  expiresAt: string;
}

/**
 * Extends (or starts) a membership from the later of now and the current expiry, and writes a ledger row. Call it
 * inside the transaction that pays for it (order, redemption, admin grant), so both land or neither does. The plan
 * shown afterwards is the plan of the latest grant.
 */
export async function extendMembership(
  db: DbExecutor,
  input: MembershipGrantInput,
): Promise<MembershipGrantResult> {
  const now = input.at.toISOString();
  const extension = input.durationDays * DAY_MS;
  for (let attempt = 0; attempt < MAX_EXTEND_ATTEMPTS; attempt += 1) {
    const current = await findMembership(db, input.userId);
    const stillActive = current !== undefined && current.expires_at > now;
    const base = stillActive ? new Date(current.expires_at).getTime() : input.at.getTime();
    const expiresAt = new Date(base + extension).toISOString();
    const startedAt = stillActive ? current.started_at : now;
    const changes = {
      plan_code: input.planCode,
      started_at: startedAt,
      expires_at: expiresAt,
      updated_at: now,
    };
    const written = current
      ? await updateMembershipIfUnchanged(db, input.userId, current.expires_at, changes)
      : await insertMembershipIfAbsent(db, { user_id: input.userId, ...changes });
    if (!written) continue;
    const previousExpiresAt = current?.expires_at ?? null;
    await insertMembershipGrant(db, {
      id: randomUUID(),
      userId: input.userId,
      planCode: input.planCode,
      source: input.source,
      sourceId: input.sourceId,
      durationDays: input.durationDays,
      previousExpiresAt,
      expiresAt,
      createdAt: now,
    });
    return { planCode: input.planCode, previousExpiresAt, expiresAt };
  }
  throw new AppError('CONFLICT', 'membership is being changed concurrently; try again');
}
