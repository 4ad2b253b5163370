import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import type { AdminCatalogService } from './admin-catalog.routes.ts';
import { auditCmsWrite } from './cms-audit.ts';
import { SORT_STEP, checkNotBlank } from './cms-fields.ts';
import { findLiveIds } from './cms-live-state.ts';
import type { PublicationTargetType, ReportPageType } from './cms.tables.ts';
import { describeInvalidSection } from './report-page-sections.ts';
import { toAdminReportPageConfig, toReportPageConfig } from './report-page-configs.mapper.ts';
import {
  findReportPageConfig,
  insertReportPageConfig,
  listReportPageConfigs,
  listReportPageConfigsPage,
  maxReportPageConfigSort,
  updateReportPageConfig,
  type ReportPageConfigRecord,
} from './report-page-configs.repository.ts';
import type {
  AdminReportPageConfig,
  CreateReportPageConfigBody,
  ReportPageConfig,
  UpdateReportPageConfigBody,
} from './report-page-configs.schemas.ts';

export interface ReportPageConfigsServiceOptions {
  db: GrowthDb;
  clock: Clock;
  reportType: ReportPageType;
}

/** The star or rhythm report page's sections, one instance per report type. */
export class ReportPageConfigsService implements AdminCatalogService<
  AdminReportPageConfig,
  CreateReportPageConfigBody,
  UpdateReportPageConfigBody
> {
  private readonly targetType: PublicationTargetType;

  constructor(private readonly options: ReportPageConfigsServiceOptions) {
    this.targetType = options.reportType === 'star' ? 'star_config' : 'rhythm_config';
  }

  /** Active sections in sort order. */
  async listActive(): Promise<ReportPageConfig[]> {
    const { db, clock, reportType } = this.options;
    const configs = await listReportPageConfigs(db, reportType);
    const live = await findLiveIds(db, this.targetType, configs, clock.now().toISOString(), 'all');
    return configs.filter((config) => live.has(config.id)).map(toReportPageConfig);
  }

  async list(page: PageQuery): Promise<Page<AdminReportPageConfig>> {
    const { db, reportType } = this.options;
    const { rows, total } = await listReportPageConfigsPage(db, reportType, page.limit, page.offset);
    return { items: await this.adminViews(db, rows), total };
  }

  async get(id: string): Promise<AdminReportPageConfig> {
    return this.loadAdminView(this.options.db, id);
  }

  async create(actor: AdminActor, body: CreateReportPageConfigBody): Promise<AdminReportPageConfig> {
    const { db, clock, reportType } = this.options;
    const content = this.checkContent(body);
    const at = clock.now().toISOString();
    try {
      return await db.transaction().execute(async (trx) => {
        const row: ReportPageConfigRecord = {
          id: randomUUID(),
          report_type: reportType,
          key: body.key,
          ...content,
          sort: body.sort ?? (await maxReportPageConfigSort(trx, reportType)) + SORT_STEP,
          enabled: body.enabled === false ? 0 : 1,
          enabled_changed_at: at,
          created_at: at,
          updated_at: at,
        };
        await insertReportPageConfig(trx, row);
        await auditCmsWrite(trx, actor, {
          targetType: this.targetType,
          action: `${this.targetType}.create`,
          targetId: row.id,
          after: toReportPageConfig(row),
          at,
        });
        return this.loadAdminView(trx, row.id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `body.key is taken: ${body.key}`);
      throw error;
    }
  }

  async update(
    actor: AdminActor,
    id: string,
    body: UpdateReportPageConfigBody,
  ): Promise<AdminReportPageConfig> {
    const { db, clock, reportType } = this.options;
    const content = this.checkContent(body);
    const at = clock.now().toISOString();
    return db.transaction().execute(async (trx) => {
      const before = await findReportPageConfig(trx, reportType, id);
      if (!before) throw notFound(this.targetType);
      const changes = { ...content, sort: body.sort ?? before.sort, updated_at: at };
      await updateReportPageConfig(trx, id, changes);
      await auditCmsWrite(trx, actor, {
        targetType: this.targetType,
        action: `${this.targetType}.update`,
        targetId: id,
        before: toReportPageConfig(before),
        after: toReportPageConfig({ ...before, ...changes }),
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<AdminReportPageConfig> {
    const { db, clock, reportType } = this.options;
    const at = clock.now().toISOString();
    return db.transaction().execute(async (trx) => {
      const before = await findReportPageConfig(trx, reportType, id);
      if (!before) throw notFound(this.targetType);
      await updateReportPageConfig(trx, id, {
        enabled: enabled ? 1 : 0,
        enabled_changed_at: at,
        updated_at: at,
      });
      await auditCmsWrite(trx, actor, {
        targetType: this.targetType,
        action: `${this.targetType}.${enabled ? 'enable' : 'disable'}`,
        targetId: id,
        before: { enabled: before.enabled === 1 },
        after: { enabled },
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  private checkContent(body: UpdateReportPageConfigBody) {
    checkNotBlank('body.title', body.title);
    const horizon = body.horizon ?? null;
    const invalid = describeInvalidSection(this.options.reportType, body.section, horizon);
    if (invalid) throw new AppError('VALIDATION_FAILED', `body.${invalid.field} ${invalid.reason}`);
    return { section: body.section, horizon, title: body.title, description: body.description ?? '' };
  }

  private async loadAdminView(db: DbExecutor, id: string): Promise<AdminReportPageConfig> {
    const config = await findReportPageConfig(db, this.options.reportType, id);
    if (!config) throw notFound(this.targetType);
    const [view] = await this.adminViews(db, [config]);
    if (!view) throw notFound(this.targetType);
    return view;
  }

  private async adminViews(db: DbExecutor, rows: ReportPageConfigRecord[]): Promise<AdminReportPageConfig[]> {
    const live = await findLiveIds(db, this.targetType, rows, this.options.clock.now().toISOString());
    return rows.map((row) => toAdminReportPageConfig(row, live.has(row.id)));
  }
}
