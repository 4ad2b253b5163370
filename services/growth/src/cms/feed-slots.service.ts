import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import type { AdminCatalogService } from './admin-catalog.routes.ts';
import { toAdminFeedSlot, toFeedSlot } from './feed-slots.mapper.ts';
import {
  findFeedSlot,
  insertFeedSlot,
  listFeedSlots,
  listFeedSlotsPage,
  maxFeedSlotSort,
  updateFeedSlot,
  type FeedSlotRecord,
} from './feed-slots.repository.ts';
import type {
  AdminFeedSlot,
  FeedSlot,
  CreateFeedSlotBody,
  UpdateFeedSlotBody,
} from './feed-slots.schemas.ts';
import { SORT_STEP, checkLink, checkNotBlank, checkWindow, normalizeInstant } from './cms-fields.ts';
import { auditCmsWrite } from './cms-audit.ts';
import { findLiveIds } from './cms-live-state.ts';

const targetType = 'feed_slot';

export interface FeedSlotsServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export class FeedSlotsService implements AdminCatalogService<
  AdminFeedSlot,
  CreateFeedSlotBody,
  UpdateFeedSlotBody
> {
  constructor(private readonly options: FeedSlotsServiceOptions) {}

  /** Feed slots live now (switch and due publications, inside their window), in sort order. */
  async listActive(): Promise<FeedSlot[]> {
    const { db, clock } = this.options;
    const slots = await listFeedSlots(db);
    const live = await findLiveIds(db, 'feed_slot', slots, clock.now().toISOString(), 'all');
    return slots.filter((slot) => live.has(slot.id)).map(toFeedSlot);
  }

  async list(page: PageQuery): Promise<Page<AdminFeedSlot>> {
    const { rows, total } = await listFeedSlotsPage(this.options.db, page.limit, page.offset);
    return { items: await this.adminViews(this.options.db, rows), total };
  }

  async get(id: string): Promise<AdminFeedSlot> {
    return this.loadAdminView(this.options.db, id);
  }

  async create(actor: AdminActor, body: CreateFeedSlotBody): Promise<AdminFeedSlot> {
    const content = checkContent(body);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const row: FeedSlotRecord = {
        id: randomUUID(),
        ...content,
        sort: body.sort ?? (await maxFeedSlotSort(trx)) + SORT_STEP,
        enabled: body.enabled === false ? 0 : 1,
        enabled_changed_at: at,
        created_at: at,
        updated_at: at,
      };
      await insertFeedSlot(trx, row);
      await auditCmsWrite(trx, actor, {
        targetType,
        action: 'feed_slot.create',
        targetId: row.id,
        after: toFeedSlot(row),
        at,
      });
      return this.loadAdminView(trx, row.id);
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateFeedSlotBody): Promise<AdminFeedSlot> {
    const content = checkContent(body);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findFeedSlot(trx, id);
      if (!before) throw notFound('feed slot');
      const changes = { ...content, sort: body.sort ?? before.sort, updated_at: at };
      await updateFeedSlot(trx, id, changes);
      const after = toFeedSlot({ ...before, ...changes });
      await auditCmsWrite(trx, actor, {
        targetType,
        action: 'feed_slot.update',
        targetId: id,
        before: toFeedSlot(before),
        after,
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<AdminFeedSlot> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findFeedSlot(trx, id);
      if (!before) throw notFound('feed slot');
      await updateFeedSlot(trx, id, { enabled: enabled ? 1 : 0, enabled_changed_at: at, updated_at: at });
      await auditCmsWrite(trx, actor, {
        targetType,
        action: enabled ? 'feed_slot.enable' : 'feed_slot.disable',
        targetId: id,
        before: { enabled: before.enabled === 1 },
        after: { enabled },
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  private async loadAdminView(db: DbExecutor, id: string): Promise<AdminFeedSlot> {
    const slot = await findFeedSlot(db, id);
    if (!slot) throw notFound('feed slot');
    const [view] = await this.adminViews(db, [slot]);
    if (!view) throw notFound('feed slot');
    return view;
  }

  private async adminViews(db: DbExecutor, rows: FeedSlotRecord[]): Promise<AdminFeedSlot[]> {
    const live = await findLiveIds(db, 'feed_slot', rows, this.options.clock.now().toISOString());
    return rows.map((row) => toAdminFeedSlot(row, live.has(row.id)));
  }
}

function checkContent(body: CreateFeedSlotBody | UpdateFeedSlotBody) {
  checkNotBlank('body.title', body.title);
  checkLink('body.link', body.link);
  const imageUrl = body.image_url ?? null;
  checkLink('body.image_url', imageUrl);
  const startsAt = normalizeInstant(body.starts_at);
  const endsAt = normalizeInstant(body.ends_at);
  checkWindow(startsAt, endsAt);
  return {
    title: body.title,
    subtitle: body.subtitle ?? null,
    tag: body.tag ?? null,
    image_url: imageUrl,
    link: body.link,
    starts_at: startsAt,
    ends_at: endsAt,
  };
}
