import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
import type { CmsBannersTable } from './cms.tables.ts';

export type BannerRecord = Selectable<CmsBannersTable>;

export async function listBanners(db: DbExecutor): Promise<BannerRecord[]> {
  return db
    .selectFrom('cms_banners')
    .selectAll()
    .orderBy('sort')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const bannerRows = idTableRows('cms_banners', ['sort', 'created_at', 'id']);
export const listBannersPage = bannerRows.listPage;
export const findBanner = bannerRows.find;
export const updateBanner = bannerRows.update;

export async function maxBannerSort(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('cms_banners')
    .select((eb) => eb.fn.max('sort').as('max_sort'))
    .executeTakeFirst();
  return Number(row?.max_sort ?? 0);
}

export async function insertBanner(db: DbExecutor, row: Insertable<CmsBannersTable>): Promise<void> {
  await db.insertInto('cms_banners').values(row).execute();
}
