import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import {
  findReportTemplate,
  insertReportTemplate,
  listReportTemplates,
  updateReportTemplate,
  type ReportTemplateRecord,
} from './report-templates.repository.ts';
import type {
  CreateReportTemplateBody,
  ReportTemplateQuery,
  ReportTemplateView,
  UpdateReportTemplateBody,
} from './report-templates.schemas.ts';
import { findDefaultTemplate, listPlaceholders } from './templates/template-catalog.ts';

const AUDIT_TARGET = 'report_template';

function toView(record: ReportTemplateRecord): ReportTemplateView {
  return {
    id: record.id,
    kind: record.kind,
    key: record.key,
    body: record.body,
    enabled: record.enabled === 1,
    default_body: findDefaultTemplate(record.kind, record.key) ?? '',
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

function auditShape(record: ReportTemplateRecord) {
  return { kind: record.kind, key: record.key, body: record.body, enabled: record.enabled === 1 };
}

/**
 * An override must keep to the placeholders its default uses: a new `{name}` would never be filled in, and
 * operators may drop placeholders freely.
 */
function checkBody(defaultBody: string, body: string): string {
  const text = body.trim();
  if (text === '') throw new AppError('VALIDATION_FAILED', 'body.body must not be blank');
  const allowed = new Set(listPlaceholders(defaultBody));
  const unknown = listPlaceholders(text).filter((name) => !allowed.has(name));
  if (unknown.length > 0) {
    const list = allowed.size > 0 ? [...allowed].map((name) => `{${name}}`).join(', ') : 'none';
    throw new AppError(
      'VALIDATION_FAILED',
      `body.body uses unknown placeholder {${unknown[0]}}; this template allows ${list}`,
    );
  }
  return text;
}

/** Operator overrides of report texts (console: "report templates", written under growth.write). */
export class ReportTemplatesService {
  constructor(private readonly options: { db: GrowthDb; clock: Clock }) {}

  async listTemplates(query: ReportTemplateQuery): Promise<Page<ReportTemplateView>> {
    const { rows, total } = await listReportTemplates(this.options.db, query);
    return { items: rows.map(toView), total };
  }

  async getTemplate(id: string): Promise<ReportTemplateView> {
    const record = await findReportTemplate(this.options.db, id);
    if (!record) throw notFound('report template');
    return toView(record);
  }

  async createTemplate(actor: AdminActor, input: CreateReportTemplateBody): Promise<ReportTemplateView> {
    const defaultBody = findDefaultTemplate(input.kind, input.key);
    if (defaultBody === undefined) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body.key ${input.kind}:${input.key} is not a report template (kind and key must name a built-in text)`,
      );
    }
    const at = this.options.clock.now().toISOString();
    const record: ReportTemplateRecord = {
      id: randomUUID(),
      kind: input.kind,
      key: input.key,
      body: checkBody(defaultBody, input.body),
      enabled: input.enabled === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    };
    try {
      await this.options.db.transaction().execute(async (trx) => {
        await insertReportTemplate(trx, record);
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'report_template.create',
          targetType: AUDIT_TARGET,
          targetId: record.id,
          after: auditShape(record),
          clientAddress: actor.clientAddress,
          at,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', `an override of ${input.kind}:${input.key} exists; update it instead`);
      }
      throw error;
    }
    return toView(record);
  }

  async updateTemplate(
    actor: AdminActor,
    id: string,
    input: UpdateReportTemplateBody,
  ): Promise<ReportTemplateView> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findReportTemplate(trx, id);
      if (!before) throw notFound('report template');
      const changes = {
        body: checkBody(findDefaultTemplate(before.kind, before.key) ?? '', input.body),
        enabled: input.enabled === undefined ? before.enabled : input.enabled ? 1 : 0,
        updated_at: at,
      };
      await updateReportTemplate(trx, id, changes);
      const after = { ...before, ...changes };
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'report_template.update',
        targetType: AUDIT_TARGET,
        targetId: id,
        before: auditShape(before),
        after: auditShape(after),
        clientAddress: actor.clientAddress,
        at,
      });
      return toView(after);
    });
  }
}
