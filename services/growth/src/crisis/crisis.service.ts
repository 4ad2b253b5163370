import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import {
  findCrisisEvent,
  findHandoff,
  findIntervention,
  listCrisisEventsPage,
  listHandoffsPage,
  listInterventionsPage,
  updateCrisisEventStatus,
  updateHandoffStatus,
  type CrisisEventFilter,
} from './crisis.repository.ts';
import { toCrisisEvent, toHandoff, toIntervention } from './crisis.mapper.ts';
import type {
  CrisisEvent,
  Handoff,
  Intervention,
  UpdateCrisisEventBody,
  UpdateHandoffBody,
} from './crisis.schemas.ts';
import type { CrisisEventStatus, HandoffStatus } from './crisis.tables.ts';

/** Crisis events: picked up, resolved, or put back; a resolved event can be reopened when the person returns. */
export const CRISIS_EVENT_EDGES: Readonly<Record<CrisisEventStatus, readonly CrisisEventStatus[]>> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['open', 'resolved'],
  resolved: ['in_progress'],
};

/**
 * Handoffs: taken (in_progress) or closed unhandled (e.g. a duplicate); a taken case is resolved, closed or handed
 * back; a resolved case is closed, or taken up again. Closed is final: a new request opens a new case.
 */
export const HANDOFF_EDGES: Readonly<Record<HandoffStatus, readonly HandoffStatus[]>> = {
  open: ['in_progress', 'closed'],
  in_progress: ['open', 'resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  closed: [],
};

function checkEdge<S extends string>(edges: Readonly<Record<S, readonly S[]>>, from: S, to: S): void {
  const allowed = edges[from];
  if (!allowed.includes(to)) {
    const list = allowed.length > 0 ? allowed.join(', ') : 'none';
    throw new AppError('BAD_REQUEST', `cannot change status from ${from} to ${to}; allowed: ${list}`);
  }
}

function cleanNote(note: string | undefined): string | null {
  const text = note?.trim() ?? '';
  return text.length > 0 ? text : null;
}

export interface CrisisAdminServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** The crisis team's queue: events, what the service did about them, and handoffs to a person. */
export class CrisisAdminService {
  constructor(private readonly options: CrisisAdminServiceOptions) {}

  async listEvents(filter: CrisisEventFilter, limit: number, offset: number): Promise<Page<CrisisEvent>> {
    const { rows, total } = await listCrisisEventsPage(this.options.db, filter, limit, offset);
    return { items: rows.map(toCrisisEvent), total };
  }

  async getEvent(id: string): Promise<CrisisEvent> {
    const event = await findCrisisEvent(this.options.db, id);
    if (!event) throw notFound('crisis event');
    return toCrisisEvent(event);
  }

  async updateEvent(actor: AdminActor, id: string, body: UpdateCrisisEventBody): Promise<CrisisEvent> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findCrisisEvent(trx, id);
      if (!before) throw notFound('crisis event');
      checkEdge(CRISIS_EVENT_EDGES, before.status, body.status);
      const changes = {
        status: body.status,
        note: cleanNote(body.note) ?? before.note,
        handled_by: actor.adminId,
        updated_at: at,
      };
      if (!(await updateCrisisEventStatus(trx, id, before.status, changes))) {
        throw new AppError('CONFLICT', 'the crisis event changed meanwhile; reload and retry');
      }
      const after = toCrisisEvent({ ...before, ...changes });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'crisis_event.status',
        targetType: 'crisis_event',
        targetId: id,
        before: { status: before.status, note: before.note },
        after: { status: after.status, note: after.note },
        clientAddress: actor.clientAddress,
        at,
      });
      return after;
    });
  }

  async listInterventions(
    filter: { crisisEventId?: string | undefined; userId?: string | undefined },
    limit: number,
    offset: number,
  ): Promise<Page<Intervention>> {
    const { rows, total } = await listInterventionsPage(this.options.db, filter, limit, offset);
    return { items: rows.map(toIntervention), total };
  }

  async getIntervention(id: string): Promise<Intervention> {
    const intervention = await findIntervention(this.options.db, id);
    if (!intervention) throw notFound('intervention');
    return toIntervention(intervention);
  }

  async listHandoffs(
    filter: { status?: HandoffStatus | undefined; userId?: string | undefined },
    limit: number,
    offset: number,
  ): Promise<Page<Handoff>> {
    const { rows, total } = await listHandoffsPage(this.options.db, filter, limit, offset);
    return { items: rows.map(toHandoff), total };
  }

  async getHandoff(id: string): Promise<Handoff> {
    const handoff = await findHandoff(this.options.db, id);
    if (!handoff) throw notFound('handoff');
    return toHandoff(handoff);
  }

  async updateHandoff(actor: AdminActor, id: string, body: UpdateHandoffBody): Promise<Handoff> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findHandoff(trx, id);
      if (!before) throw notFound('handoff');
      checkEdge(HANDOFF_EDGES, before.status, body.status);
      const changes = {
        status: body.status,
        note: cleanNote(body.note) ?? before.note,
        handled_by: actor.adminId,
        updated_at: at,
        closed_at: body.status === 'closed' ? at : null,
      };
      if (!(await updateHandoffStatus(trx, id, before.status, changes))) {
        throw new AppError('CONFLICT', 'the handoff changed meanwhile; reload and retry');
      }
      const after = toHandoff({ ...before, ...changes });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'handoff.status',
        targetType: 'handoff_case',
        targetId: id,
        before: { status: before.status, note: before.note },
        after: { status: after.status, note: after.note },
        clientAddress: actor.clientAddress,
        at,
      });
      return after;
    });
  }
}
