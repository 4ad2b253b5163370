import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
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

const feedSlotRows = idTableRows('cms_feed_slots', ['sort', 'created_at', 'id']);
export const listFeedSlotsPage = feedSlotRows.listPage;
export const findFeedSlot = feedSlotRows.find;
export const updateFeedSlot = feedSlotRows.update;

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
