import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import type { AdminCatalogService } from './admin-catalog.routes.ts';
import { toAdminBanner, toBanner } from './banners.mapper.ts';
import {
  findBanner,
  insertBanner,
  listBanners,
  listBannersPage,
  maxBannerSort,
  updateBanner,
  type BannerRecord,
} from './banners.repository.ts';
import type { AdminBanner, Banner, CreateBannerBody, UpdateBannerBody } from './banners.schemas.ts';
import { SORT_STEP, checkLink, checkNotBlank, checkWindow, normalizeInstant } from './cms-fields.ts';
import { auditCmsWrite } from './cms-audit.ts';
import { findLiveIds } from './cms-live-state.ts';

const targetType = 'banner';

export interface BannersServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export class BannersService implements AdminCatalogService<AdminBanner, CreateBannerBody, UpdateBannerBody> {
  constructor(private readonly options: BannersServiceOptions) {}

  /** Banners live now (switch and due publications, inside their window), in sort order. */
  async listActive(): Promise<Banner[]> {
    const { db, clock } = this.options;
    const banners = await listBanners(db);
    const live = await findLiveIds(db, 'banner', banners, clock.now().toISOString(), 'all');
    return banners.filter((banner) => live.has(banner.id)).map(toBanner);
  }

  async list(page: PageQuery): Promise<Page<AdminBanner>> {
    const { rows, total } = await listBannersPage(this.options.db, page.limit, page.offset);
    return { items: await this.adminViews(this.options.db, rows), total };
  }

  async get(id: string): Promise<AdminBanner> {
    return this.loadAdminView(this.options.db, id);
  }

  async create(actor: AdminActor, body: CreateBannerBody): Promise<AdminBanner> {
    const content = checkContent(body);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const row: BannerRecord = {
        id: randomUUID(),
        ...content,
        sort: body.sort ?? (await maxBannerSort(trx)) + SORT_STEP,
        enabled: body.enabled === false ? 0 : 1,
        enabled_changed_at: at,
        created_at: at,
        updated_at: at,
      };
      await insertBanner(trx, row);
      await auditCmsWrite(trx, actor, {
        targetType,
        action: 'banner.create',
        targetId: row.id,
        after: toBanner(row),
        at,
      });
      return this.loadAdminView(trx, row.id);
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateBannerBody): Promise<AdminBanner> {
    const content = checkContent(body);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findBanner(trx, id);
      if (!before) throw notFound('banner');
      const changes = { ...content, sort: body.sort ?? before.sort, updated_at: at };
      await updateBanner(trx, id, changes);
      const after = toBanner({ ...before, ...changes });
      await auditCmsWrite(trx, actor, {
        targetType,
        action: 'banner.update',
        targetId: id,
        before: toBanner(before),
        after,
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<AdminBanner> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findBanner(trx, id);
      if (!before) throw notFound('banner');
      await updateBanner(trx, id, { enabled: enabled ? 1 : 0, enabled_changed_at: at, updated_at: at });
      await auditCmsWrite(trx, actor, {
        targetType,
        action: enabled ? 'banner.enable' : 'banner.disable',
        targetId: id,
        before: { enabled: before.enabled === 1 },
        after: { enabled },
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  private async loadAdminView(db: DbExecutor, id: string): Promise<AdminBanner> {
    const banner = await findBanner(db, id);
    if (!banner) throw notFound('banner');
    const [view] = await this.adminViews(db, [banner]);
    if (!view) throw notFound('banner');
    return view;
  }

  private async adminViews(db: DbExecutor, rows: BannerRecord[]): Promise<AdminBanner[]> {
    const live = await findLiveIds(db, 'banner', rows, this.options.clock.now().toISOString());
    return rows.map((row) => toAdminBanner(row, live.has(row.id)));
  }
}

function checkContent(body: CreateBannerBody | UpdateBannerBody) {
  checkNotBlank('body.title', body.title);
  checkLink('body.image_url', body.image_url);
  const link = body.link ?? null;
  checkLink('body.link', link);
  const startsAt = normalizeInstant(body.starts_at);
  const endsAt = normalizeInstant(body.ends_at);
  checkWindow(startsAt, endsAt);
  return { title: body.title, image_url: body.image_url, link, starts_at: startsAt, ends_at: endsAt };
}
