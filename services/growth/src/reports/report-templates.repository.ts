import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { TemplateOverride } from './templates/template-book.ts';
import type { ReportTemplatesTable } from './reports.tables.ts';

export type ReportTemplateRecord = Selectable<ReportTemplatesTable>;

/** The overrides builders use: enabled rows only. */
export async function listEnabledTemplateOverrides(db: DbExecutor): Promise<TemplateOverride[]> {
  return db.selectFrom('report_templates').select(['kind', 'key', 'body']).where('enabled', '=', 1).execute();
}

export async function listReportTemplates(
  db: DbExecutor,
  filter: { kind?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ReportTemplateRecord[]; total: number }> {
  let query = db.selectFrom('report_templates');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('kind').orderBy('key').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findReportTemplate(
  db: DbExecutor,
  id: string,
): Promise<ReportTemplateRecord | undefined> {
  return db.selectFrom('report_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReportTemplate(db: DbExecutor, record: ReportTemplateRecord): Promise<void> {
  await db.insertInto('report_templates').values(record).execute();
}

export async function updateReportTemplate(
  db: DbExecutor,
  id: string,
  changes: { body: string; enabled: number; updated_at: string },
): Promise<void> {
  await db.updateTable('report_templates').set(changes).where('id', '=', id).execute();
}
