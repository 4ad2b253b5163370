import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import type { ModerationCaseStatus } from './safety-catalog.tables.ts';
import {
  findModerationCase,
  listModerationCasesPage,
  updateModerationCaseStatus,
  type ModerationCaseFilter,
} from './safety-catalog.repository.ts';
import { toModerationCaseView } from './safety-catalog.mapper.ts';
import type { ModerationCaseView, ReviewCaseBody } from './safety-catalog.schemas.ts';

/** A reviewer confirms the automatic decision or dismisses it as a false positive; either can be reopened. */
export const MODERATION_CASE_EDGES: Readonly<Record<ModerationCaseStatus, readonly ModerationCaseStatus[]>> =
  {
    open: ['confirmed', 'dismissed'],
    confirmed: ['open'],
    dismissed: ['open'],
  };

export interface ModerationCasesServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export class ModerationCasesService {
  constructor(private readonly options: ModerationCasesServiceOptions) {}

  async list(filter: ModerationCaseFilter, limit: number, offset: number): Promise<Page<ModerationCaseView>> {
    const { rows, total } = await listModerationCasesPage(this.options.db, filter, limit, offset);
    return { items: rows.map(toModerationCaseView), total };
  }

  async get(id: string): Promise<ModerationCaseView> {
    const record = await findModerationCase(this.options.db, id);
    if (!record) throw notFound('moderation case');
    return toModerationCaseView(record);
  }

  async review(actor: AdminActor, id: string, body: ReviewCaseBody): Promise<ModerationCaseView> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findModerationCase(trx, id);
      if (!before) throw notFound('moderation case');
      const allowed = MODERATION_CASE_EDGES[before.status];
      if (!allowed.includes(body.status)) {
        throw new AppError(
          'BAD_REQUEST',
          `cannot change status from ${before.status} to ${body.status}; allowed: ${allowed.join(', ')}`,
        );
      }
      const note = body.note?.trim() ?? '';
      const changes = {
        status: body.status,
        review_note: note.length > 0 ? note : before.review_note,
        reviewed_by: actor.adminId,
        reviewed_at: at,
        updated_at: at,
      };
      if (!(await updateModerationCaseStatus(trx, id, before.status, changes))) {
        throw new AppError('CONFLICT', 'the case changed meanwhile; reload and retry');
      }
      const after = toModerationCaseView({ ...before, ...changes });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'moderation_case.review',
        targetType: 'moderation_case',
        targetId: id,
        before: { status: before.status, review_note: before.review_note },
        after: { status: after.status, review_note: after.review_note },
        clientAddress: actor.clientAddress,
        at,
      });
      return after;
    });
  }
}
