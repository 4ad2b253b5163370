import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { ReportPageConfigsTable, ReportPageType } from './cms.tables.ts';

export type ReportPageConfigRecord = Selectable<ReportPageConfigsTable>;

export async function listReportPageConfigs(
  db: DbExecutor,
  type: ReportPageType,
): Promise<ReportPageConfigRecord[]> {
  return db
    .selectFrom('report_page_configs')
    .selectAll()
    .where('report_type', '=', type)
    .orderBy('sort')
    .orderBy('key')
    .execute();
}

export async function listReportPageConfigsPage(
  db: DbExecutor,
  type: ReportPageType,
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('report_page_configs')
      .selectAll()
      .where('report_type', '=', type)
      .orderBy('sort')
      .orderBy('key')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('report_page_configs')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('report_type', '=', type)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findReportPageConfig(
  db: DbExecutor,
  type: ReportPageType,
  id: string,
): Promise<ReportPageConfigRecord | undefined> {
  return db
    .selectFrom('report_page_configs')
    .selectAll()
    .where('id', '=', id)
    .where('report_type', '=', type)
    .executeTakeFirst();
}

export async function maxReportPageConfigSort(db: DbExecutor, type: ReportPageType): Promise<number> {
  const row = await db
    .selectFrom('report_page_configs')
    .select((eb) => eb.fn.max('sort').as('max_sort'))
    .where('report_type', '=', type)
    .executeTakeFirst();
  return Number(row?.max_sort ?? 0);
}

export async function insertReportPageConfig(
  db: DbExecutor,
  row: Insertable<ReportPageConfigsTable>,
): Promise<void> {
  await db.insertInto('report_page_configs').values(row).execute();
}

export async function updateReportPageConfig(
  db: DbExecutor,
  id: string,
  changes: Updateable<ReportPageConfigsTable>,
): Promise<void> {
  await db.updateTable('report_page_configs').set(changes).where('id', '=', id).execute();
}
