import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/database.ts';

export interface NewCrisisEvent {
  userId: string;
  profileId: string | null;
  source: 'scale' | 'ask';
  sourceRef: string | null;
  tier: string;
  summary: string;
  at: Date;
}

/** Records a crisis signal for the crisis team's queue. Call it inside the transaction that stores the source. */
export async function recordCrisisEvent(db: DbExecutor, event: NewCrisisEvent): Promise<string> {
  const id = randomUUID();
  const at = event.at.toISOString();
  await db
    .insertInto('crisis_events')
    .values({
      id,
      user_id: event.userId,
      profile_id: event.profileId,
      source: event.source,
      source_ref: event.sourceRef,
      tier: event.tier,
      summary: event.summary,
      status: 'open',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
