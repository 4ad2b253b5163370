import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
import type { ScaleQuestionsTable, ScaleResultsTable, ScalesTable } from './scales.tables.ts';

export type ScaleRecord = Selectable<ScalesTable>;
export type ScaleQuestionRecord = Selectable<ScaleQuestionsTable>;

export async function findScaleBySlug(db: DbExecutor, slug: string): Promise<ScaleRecord | undefined> {
  return db.selectFrom('scales').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function listPublishedScales(db: DbExecutor): Promise<ScaleRecord[]> {
  return db
    .selectFrom('scales')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('sort')
    .orderBy('slug')
    .execute();
}

const scaleRows = idTableRows('scales', ['sort', 'slug']);
export const listScalesPage = scaleRows.listPage;
export const findScaleById = scaleRows.find;
export const updateScale = scaleRows.update;

export async function listScaleQuestions(db: DbExecutor, scaleId: string): Promise<ScaleQuestionRecord[]> {
  return db
    .selectFrom('scale_questions')
    .selectAll()
    .where('scale_id', '=', scaleId)
    .orderBy('sort')
    .orderBy('key')
    .execute();
}

export async function countQuestionsByScale(
  db: DbExecutor,
  scaleIds: string[],
): Promise<Map<string, number>> {
  if (scaleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('scale_questions')
    .select(['scale_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('scale_id', 'in', scaleIds)
    .groupBy('scale_id')
    .execute();
  return new Map(rows.map((row) => [row.scale_id, Number(row.n)]));
}

export async function maxScaleSort(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('scales')
    .select((eb) => eb.fn.max('sort').as('max_sort'))
    .executeTakeFirst();
  return Number(row?.max_sort ?? 0);
}

export async function insertScale(db: DbExecutor, scale: Insertable<ScalesTable>): Promise<void> {
  await db.insertInto('scales').values(scale).execute();
}

export async function insertScaleResult(
  db: DbExecutor,
  result: Insertable<ScaleResultsTable>,
): Promise<void> {
  await db.insertInto('scale_results').values(result).execute();
}
