import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { Page } from '../http/pagination.ts';
import type { RedemptionBatchesTable, RedemptionCodesTable } from './commerce.tables.ts';

export type RedemptionBatchRecord = Selectable<RedemptionBatchesTable>;
export type RedemptionCodeRecord = Selectable<RedemptionCodesTable>;
export type RedemptionBatchWithUsage = RedemptionBatchRecord & { usedCount: number };

export async function insertBatch(db: DbExecutor, batch: RedemptionBatchRecord): Promise<void> {
  await db.insertInto('redemption_batches').values(batch).execute();
}

/** Inserts the codes that are free and returns the ones taken already (by any batch), for the caller to redraw. */
export async function insertCodesSkippingTaken(
  db: DbExecutor,
  codes: RedemptionCodeRecord[],
): Promise<RedemptionCodeRecord[]> {
  if (codes.length === 0) return [];
  const inserted = await db
    .insertInto('redemption_codes')
    .values(codes)
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('code')
    .execute();
  const landed = new Set(inserted.map((row) => row.code));
  return codes.filter((code) => !landed.has(code.code));
}

export async function findBatch(db: DbExecutor, id: string): Promise<RedemptionBatchRecord | undefined> {
  return db.selectFrom('redemption_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBatches(
  db: DbExecutor,
  page: { limit: number; offset: number },
): Promise<Page<RedemptionBatchWithUsage>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('redemption_batches')
      .selectAll('redemption_batches')
      .select((eb) =>
        eb
          .selectFrom('redemption_codes')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('redemption_codes.batch_id', '=', 'redemption_batches.id')
          .where('redemption_codes.status', '=', 'used')
          .as('usedCount'),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('redemption_batches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ ...row, usedCount: Number(row.usedCount ?? 0) })),
    total: Number(count.n),
  };
}

export async function listCodesOfBatch(
  db: DbExecutor,
  batchId: string,
  page: { limit: number; offset: number },
): Promise<Page<RedemptionCodeRecord>> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('redemption_codes')
      .selectAll()
      .where('batch_id', '=', batchId)
      .orderBy('created_at')
      .orderBy('code')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('redemption_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function findCodeById(db: DbExecutor, id: string): Promise<RedemptionCodeRecord | undefined> {
  return db.selectFrom('redemption_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCodeByValue(
  db: DbExecutor,
  code: string,
): Promise<(RedemptionCodeRecord & { planCode: string }) | undefined> {
  return db
    .selectFrom('redemption_codes')
    .innerJoin('redemption_batches', 'redemption_batches.id', 'redemption_codes.batch_id')
    .selectAll('redemption_codes')
    .select('redemption_batches.plan_code as planCode')
    .where('redemption_codes.code', '=', code)
    .executeTakeFirst();
}

/** The one move to `used`: concurrent redeems of one code queue on the row, and only the first changes it. */
export async function markCodeUsed(
  db: DbExecutor,
  id: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('redemption_codes')
    .set({ status: 'used', used_by: userId, used_at: now })
    .where('id', '=', id)
    .where('status', '=', 'unused')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markCodeDisabled(db: DbExecutor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('redemption_codes')
    .set({ status: 'disabled', disabled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'unused')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
