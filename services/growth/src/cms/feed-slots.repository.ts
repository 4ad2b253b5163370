import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { CmsFeedSlotsTable } from './cms.tables.ts';

export type FeedSlotRecord = Selectable<CmsFeedSlotsTable>;

export async function listFeedSlots(db: DbExecutor): Promise<FeedSlotRecord[]> {
  return db
    .selectFrom('cms_feed_slots')
    .selectAll()
    .orderBy('sort')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listFeedSlotsPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('cms_feed_slots')
      .selectAll()
      .orderBy('sort')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('cms_feed_slots')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findFeedSlot(db: DbExecutor, id: string): Promise<FeedSlotRecord | undefined> {
  return db.selectFrom('cms_feed_slots').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function maxFeedSlotSort(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('cms_feed_slots')
    .select((eb) => eb.fn.max('sort').as('max_sort'))
    .executeTakeFirst();
  return Number(row?.max_sort ?? 0);
}

export async function insertFeedSlot(db: DbExecutor, row: Insertable<CmsFeedSlotsTable>): Promise<void> {
  await db.insertInto('cms_feed_slots').values(row).execute();
}

export async function updateFeedSlot(
  db: DbExecutor,
  id: string,
  changes: Updateable<CmsFeedSlotsTable>,
): Promise<void> {
  await db.updateTable('cms_feed_slots').set(changes).where('id', '=', id).execute();
}
