import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/database.ts';
import type { CrisisHotline } from '../safety/crisis-reply.ts';
import {
  findActiveHandoff,
  insertHandoff,
  insertIntervention,
  type HandoffRecord,
} from './crisis.repository.ts';

/** What the service did for a person in crisis, as the crisis team reads it. */
export type InterventionAction =
  'crisis_reply_sent' | 'hotlines_shown' | 'handoff_offered' | 'handoff_opened';

export interface HandoffRequest {
  userId: string;
  threadId: string;
  reason: HandoffRecord['reason'];
  crisisEventId: string | null;
  at: string;
}

/**
 * The thread's active handoff, or a new open one. Call it in the transaction of the message that asks for it; the
 * thread's message counter is bumped earlier in that transaction, which serialises sends to one thread, so two
 * messages cannot both open a handoff.
 */
export async function ensureHandoff(
  db: DbExecutor,
  request: HandoffRequest,
): Promise<{ handoff: HandoffRecord; opened: boolean }> {
  const active = await findActiveHandoff(db, request.threadId);
  if (active) return { handoff: active, opened: false };
  const handoff: HandoffRecord = {
    id: randomUUID(),
    user_id: request.userId,
    thread_id: request.threadId,
    crisis_event_id: request.crisisEventId,
    reason: request.reason,
    status: 'open',
    note: null,
    handled_by: null,
    created_at: request.at,
    updated_at: request.at,
    closed_at: null,
  };
  await insertHandoff(db, handoff);
  return { handoff, opened: true };
}

export interface NewIntervention {
  crisisEventId: string;
  userId: string;
  threadId: string | null;
  messageId: string | null;
  tier: string;
  actions: readonly InterventionAction[];
  hotlines: readonly CrisisHotline[];
  handoffId: string | null;
  at: string;
}

/** Records an intervention in the caller's transaction (the one that stores the reply it describes). */
export async function recordIntervention(db: DbExecutor, intervention: NewIntervention): Promise<string> {
  const id = randomUUID();
  await insertIntervention(db, {
    id,
    crisis_event_id: intervention.crisisEventId,
    user_id: intervention.userId,
    thread_id: intervention.threadId,
    message_id: intervention.messageId,
    tier: intervention.tier,
    actions_json: JSON.stringify(intervention.actions),
    hotlines_json: JSON.stringify(intervention.hotlines),
    handoff_id: intervention.handoffId,
    created_at: intervention.at,
  });
  return id;
}
