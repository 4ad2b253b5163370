import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
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

export async function listBannersPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('cms_banners')
      .selectAll()
      .orderBy('sort')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('cms_banners')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findBanner(db: DbExecutor, id: string): Promise<BannerRecord | undefined> {
  return db.selectFrom('cms_banners').selectAll().where('id', '=', id).executeTakeFirst();
}

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

export async function updateBanner(
  db: DbExecutor,
  id: string,
  changes: Updateable<CmsBannersTable>,
): Promise<void> {
  await db.updateTable('cms_banners').set(changes).where('id', '=', id).execute();
}
