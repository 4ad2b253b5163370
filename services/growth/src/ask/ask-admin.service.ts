import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import {
  findThread,
  findThreadMessage,
  insertFeedback,
  listFeedbackPage,
  listThreadMessages,
  listThreadsPage,
  type AskFeedbackRecord,
} from './ask.repository.ts';
import { toAdminMessage, toAdminThread, toFeedback } from './ask.mapper.ts';
import type { AdminFeedbackBody, AdminThread, AdminThreadDetail, Feedback } from './ask.schemas.ts';

/** A console view shows at most this many messages of one thread (a year of daily use fits). */
const MAX_THREAD_MESSAGES = 5000;

export interface AskAdminServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** The console's read-only view of ask sessions, and quality feedback from reviewers. */
export class AskAdminService {
  constructor(private readonly options: AskAdminServiceOptions) {}

  async listThreads(
    filter: { userId?: string | undefined },
    limit: number,
    offset: number,
  ): Promise<Page<AdminThread>> {
    const { rows, total } = await listThreadsPage(this.options.db, filter, limit, offset);
    return { items: rows.map(toAdminThread), total };
  }

  async getThread(id: string): Promise<AdminThreadDetail> {
    const thread = await findThread(this.options.db, id);
    if (!thread) throw notFound('thread');
    const messages = await listThreadMessages(this.options.db, id, MAX_THREAD_MESSAGES, 0);
    return { ...toAdminThread(thread), messages: messages.map(toAdminMessage) };
  }

  async listFeedback(
    filter: { threadId?: string | undefined; author?: 'user' | 'admin' | undefined },
    limit: number,
    offset: number,
  ): Promise<Page<Feedback>> {
    const { rows, total } = await listFeedbackPage(this.options.db, filter, limit, offset);
    return { items: rows.map(toFeedback), total };
  }

  async submitFeedback(actor: AdminActor, threadId: string, body: AdminFeedbackBody): Promise<Feedback> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const thread = await findThread(trx, threadId);
      if (!thread) throw notFound('thread');
      if (body.message_id !== undefined && !(await findThreadMessage(trx, thread.id, body.message_id))) {
        throw new AppError('VALIDATION_FAILED', 'body.message_id names no message of this thread');
      }
      const note = body.note?.trim() ?? '';
      const record: AskFeedbackRecord = {
        id: randomUUID(),
        thread_id: thread.id,
        message_id: body.message_id ?? null,
        author: 'admin',
        user_id: null,
        admin_id: actor.adminId,
        rating: body.rating,
        tag: body.tag ?? null,
        note: note.length > 0 ? note : null,
        created_at: at,
      };
      await insertFeedback(trx, record);
      const feedback = toFeedback(record);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'ask_feedback.create',
        targetType: 'ask_thread',
        targetId: thread.id,
        after: feedback,
        clientAddress: actor.clientAddress,
        at,
      });
      return feedback;
    });
  }
}
