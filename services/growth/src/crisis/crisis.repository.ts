import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type {
  CrisisEventStatus,
  CrisisEventsTable,
  CrisisInterventionsTable,
  HandoffCasesTable,
  HandoffStatus,
} from './crisis.tables.ts';

export type CrisisEventRecord = Selectable<CrisisEventsTable>;
export type CrisisInterventionRecord = Selectable<CrisisInterventionsTable>;
export type HandoffRecord = Selectable<HandoffCasesTable>;

/** Handoffs a person still has to act on; a thread has at most one of these at a time. */
export const ACTIVE_HANDOFF_STATUSES: readonly HandoffStatus[] = ['open', 'in_progress'];

// Crisis events

export interface CrisisEventFilter {
  status?: CrisisEventStatus | undefined;
  source?: 'scale' | 'ask' | undefined;
  userId?: string | undefined;
}

export async function listCrisisEventsPage(
  db: DbExecutor,
  filter: CrisisEventFilter,
  limit: number,
  offset: number,
): Promise<{ rows: CrisisEventRecord[]; total: number }> {
  let query = db.selectFrom('crisis_events');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.source) query = query.where('source', '=', filter.source);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findCrisisEvent(db: DbExecutor, id: string): Promise<CrisisEventRecord | undefined> {
  return db.selectFrom('crisis_events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Compare-and-set on the status, so two people handling one event cannot both move it from the same state. */
export async function updateCrisisEventStatus(
  db: DbExecutor,
  id: string,
  expected: CrisisEventStatus,
  changes: Pick<CrisisEventRecord, 'status' | 'note' | 'handled_by' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('crisis_events')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Interventions

export async function insertIntervention(db: DbExecutor, row: CrisisInterventionRecord): Promise<void> {
  await db.insertInto('crisis_interventions').values(row).execute();
}

export async function listInterventionsPage(
  db: DbExecutor,
  filter: { crisisEventId?: string | undefined; userId?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: CrisisInterventionRecord[]; total: number }> {
  let query = db.selectFrom('crisis_interventions');
  if (filter.crisisEventId) query = query.where('crisis_event_id', '=', filter.crisisEventId);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findIntervention(
  db: DbExecutor,
  id: string,
): Promise<CrisisInterventionRecord | undefined> {
  return db.selectFrom('crisis_interventions').selectAll().where('id', '=', id).executeTakeFirst();
}

// Handoffs

export async function insertHandoff(db: DbExecutor, row: HandoffRecord): Promise<void> {
  await db.insertInto('handoff_cases').values(row).execute();
}

export async function findActiveHandoff(
  db: DbExecutor,
  threadId: string,
): Promise<HandoffRecord | undefined> {
  return db
    .selectFrom('handoff_cases')
    .selectAll()
    .where('thread_id', '=', threadId)
    .where('status', 'in', [...ACTIVE_HANDOFF_STATUSES])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function listHandoffsPage(
  db: DbExecutor,
  filter: { status?: HandoffStatus | undefined; userId?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: HandoffRecord[]; total: number }> {
  let query = db.selectFrom('handoff_cases');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findHandoff(db: DbExecutor, id: string): Promise<HandoffRecord | undefined> {
  return db.selectFrom('handoff_cases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateHandoffStatus(
  db: DbExecutor,
  id: string,
  expected: HandoffStatus,
  changes: Pick<HandoffRecord, 'status' | 'note' | 'handled_by' | 'updated_at' | 'closed_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('handoff_cases')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
