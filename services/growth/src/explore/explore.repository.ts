import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { ExploreNodesTable } from './explore.tables.ts';

export type ExploreNodeRecord = Selectable<ExploreNodesTable>;

export async function listEnabledNodes(db: DbExecutor): Promise<ExploreNodeRecord[]> {
  return db
    .selectFrom('explore_nodes')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('level')
    .orderBy('sort')
    .orderBy('key')
    .execute();
}

export async function listNodesPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('explore_nodes')
      .selectAll()
      .orderBy('level')
      .orderBy('sort')
      .orderBy('key')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('explore_nodes')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findNodeById(db: DbExecutor, id: string): Promise<ExploreNodeRecord | undefined> {
  return db.selectFrom('explore_nodes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNode(db: DbExecutor, node: Insertable<ExploreNodesTable>): Promise<void> {
  await db.insertInto('explore_nodes').values(node).execute();
}

export async function updateNode(
  db: DbExecutor,
  id: string,
  changes: Updateable<ExploreNodesTable>,
): Promise<void> {
  await db.updateTable('explore_nodes').set(changes).where('id', '=', id).execute();
}

export async function maxChildSort(db: DbExecutor, parentId: string | null): Promise<number> {
  let query = db.selectFrom('explore_nodes').select((eb) => eb.fn.max('sort').as('max_sort'));
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  const row = await query.executeTakeFirst();
  return Number(row?.max_sort ?? 0);
}

export async function scaleSlugExists(db: DbExecutor, slug: string): Promise<boolean> {
  const row = await db.selectFrom('scales').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}
