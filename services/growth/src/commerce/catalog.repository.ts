import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { Page } from '../http/pagination.ts';
import type { CatalogKind, CommerceCatalogTable } from './commerce.tables.ts';

export type CatalogItemRecord = Selectable<CommerceCatalogTable>;

export async function findCatalogItem(db: DbExecutor, code: string): Promise<CatalogItemRecord | undefined> {
  return db.selectFrom('commerce_catalog').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function listCatalogItems(
  db: DbExecutor,
  kind: CatalogKind,
  page: { limit: number; offset: number },
): Promise<Page<CatalogItemRecord>> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('commerce_catalog')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('sort')
      .orderBy('code')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('commerce_catalog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function updateCatalogItem(
  db: DbExecutor,
  code: string,
  changes: Pick<CatalogItemRecord, 'title' | 'duration_days' | 'amount_cents' | 'active' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('commerce_catalog').set(changes).where('code', '=', code).execute();
}
