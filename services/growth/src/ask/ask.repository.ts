import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { AskFeedbackTable, AskMessagesTable, AskThreadsTable } from './ask.tables.ts';

export type AskThreadRecord = Selectable<AskThreadsTable>;
export type AskMessageRecord = Selectable<AskMessagesTable>;
export type AskFeedbackRecord = Selectable<AskFeedbackTable>;

export async function insertThread(db: DbExecutor, thread: AskThreadRecord): Promise<void> {
  await db.insertInto('ask_threads').values(thread).execute();
}

export async function findThread(db: DbExecutor, id: string): Promise<AskThreadRecord | undefined> {
  return db.selectFrom('ask_threads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The caller's thread; another account's thread reads as missing. */
export async function findUserThread(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<AskThreadRecord | undefined> {
  return db
    .selectFrom('ask_threads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listThreadsPage(
  db: DbExecutor,
  filter: { userId?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: AskThreadRecord[]; total: number }> {
  let query = db.selectFrom('ask_threads');
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The user's threads, newest first, without a total (the app pages by "load more"). */
export async function listUserThreads(
  db: DbExecutor,
  userId: string,
  limit: number,
  offset: number,
): Promise<AskThreadRecord[]> {
  return db
    .selectFrom('ask_threads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Reserves `count` message numbers in the thread and stamps its last activity. The update takes the thread's row
 * lock, so concurrent sends to one thread queue here and number their messages without gaps or clashes.
 * Returns the last reserved number.
 */
export async function reserveMessageSeqs(
  db: DbExecutor,
  threadId: string,
  count: number,
  at: string,
): Promise<number> {
  const row = await db
    .updateTable('ask_threads')
    .set((eb) => ({ message_count: eb('message_count', '+', count), last_message_at: at }))
    .where('id', '=', threadId)
    .returning('message_count')
    .executeTakeFirstOrThrow();
  return Number(row.message_count);
}

export async function insertMessages(db: DbExecutor, messages: AskMessageRecord[]): Promise<void> {
  await db.insertInto('ask_messages').values(messages).execute();
}

export async function listThreadMessages(
  db: DbExecutor,
  threadId: string,
  limit: number,
  offset: number,
): Promise<AskMessageRecord[]> {
  return db
    .selectFrom('ask_messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('seq')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The newest `limit` messages of a thread, oldest first (the reply engine's history). */
export async function listRecentMessages(
  db: DbExecutor,
  threadId: string,
  limit: number,
): Promise<AskMessageRecord[]> {
  const rows = await db
    .selectFrom('ask_messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function findThreadMessage(
  db: DbExecutor,
  threadId: string,
  messageId: string,
): Promise<AskMessageRecord | undefined> {
  return db
    .selectFrom('ask_messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
}

export async function insertFeedback(db: DbExecutor, feedback: AskFeedbackRecord): Promise<void> {
  await db.insertInto('ask_feedback').values(feedback).execute();
}

export async function listFeedbackPage(
  db: DbExecutor,
  filter: { threadId?: string | undefined; author?: 'user' | 'admin' | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: AskFeedbackRecord[]; total: number }> {
  let query = db.selectFrom('ask_feedback');
  if (filter.threadId) query = query.where('thread_id', '=', filter.threadId);
  if (filter.author) query = query.where('author', '=', filter.author);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The thread's profile if it still exists (a deleted profile leaves its threads answerable, without chart facts). */
export async function findThreadProfile(db: DbExecutor, thread: AskThreadRecord) {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('id', '=', thread.profile_id)
    .where('user_id', '=', thread.user_id)
    .executeTakeFirst();
}
