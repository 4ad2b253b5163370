import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import type { AdminCatalogService } from './admin-catalog.routes.ts';
import { auditCmsWrite } from './cms-audit.ts';
import { toAdminPublication } from './publications.mapper.ts';
import {
  findPublication,
  insertPublication,
  listPublicationsPage,
  publicationTargetExists,
  updatePublication,
  type PublicationRecord,
} from './publications.repository.ts';
import type {
  AdminPublication,
  CreatePublicationBody,
  UpdatePublicationBody,
} from './publications.schemas.ts';

const targetType = 'publication';

export interface PublicationsServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/**
 * Scheduled publications: "turn this banner / feed slot / star or rhythm config on (or off) at publish_at". Nothing
 * runs at that instant; every read resolves due publications against the clock (cms-schedule.ts), so a publication
 * takes effect exactly on time, on every instance, with no timer and no restart.
 */
export class PublicationsService implements AdminCatalogService<
  AdminPublication,
  CreatePublicationBody,
  UpdatePublicationBody
> {
  constructor(private readonly options: PublicationsServiceOptions) {}

  async list(page: PageQuery): Promise<Page<AdminPublication>> {
    const { rows, total } = await listPublicationsPage(this.options.db, page.limit, page.offset);
    const now = this.now();
    return { items: rows.map((row) => toAdminPublication(row, now)), total };
  }

  async get(id: string): Promise<AdminPublication> {
    const publication = await findPublication(this.options.db, id);
    if (!publication) throw notFound('publication');
    return toAdminPublication(publication, this.now());
  }

  async create(actor: AdminActor, body: CreatePublicationBody): Promise<AdminPublication> {
    const at = this.now();
    return this.options.db.transaction().execute(async (trx) => {
      if (!(await publicationTargetExists(trx, body.target_type, body.target_id))) {
        throw new AppError('VALIDATION_FAILED', `body.target_id names no ${body.target_type}`);
      }
      const row: PublicationRecord = {
        id: randomUUID(),
        target_type: body.target_type,
        target_id: body.target_id,
        action: body.action ?? 'publish',
        publish_at: new Date(body.publish_at).toISOString(),
        note: body.note ?? null,
        enabled: 1,
        created_at: at,
        updated_at: at,
      };
      await insertPublication(trx, row);
      const view = toAdminPublication(row, at);
      await auditCmsWrite(trx, actor, {
        targetType,
        action: 'publication.create',
        targetId: row.id,
        after: view,
        at,
      });
      return view;
    });
  }

  async update(actor: AdminActor, id: string, body: UpdatePublicationBody): Promise<AdminPublication> {
    const at = this.now();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findPublication(trx, id);
      if (!before) throw notFound('publication');
      const changes = {
        action: body.action ?? before.action,
        publish_at: new Date(body.publish_at).toISOString(),
        note: body.note ?? null,
        updated_at: at,
      };
      await updatePublication(trx, id, changes);
      const view = toAdminPublication({ ...before, ...changes }, at);
      await auditCmsWrite(trx, actor, {
        targetType,
        action: 'publication.update',
        targetId: id,
        before: toAdminPublication(before, at),
        after: view,
        at,
      });
      return view;
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<AdminPublication> {
    const at = this.now();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findPublication(trx, id);
      if (!before) throw notFound('publication');
      const after = { ...before, enabled: enabled ? 1 : 0, updated_at: at };
      await updatePublication(trx, id, { enabled: after.enabled, updated_at: at });
      await auditCmsWrite(trx, actor, {
        targetType,
        action: enabled ? 'publication.enable' : 'publication.disable',
        targetId: id,
        before: { enabled: before.enabled === 1 },
        after: { enabled },
        at,
      });
      return toAdminPublication(after, at);
    });
  }

  private now(): string {
    return this.options.clock.now().toISOString();
  }
}
