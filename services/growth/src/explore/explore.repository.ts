import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
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

const exploreNodeRows = idTableRows('explore_nodes', ['level', 'sort', 'key']);
export const listNodesPage = exploreNodeRows.listPage;
export const findNodeById = exploreNodeRows.find;
export const updateNode = exploreNodeRows.update;

export async function insertNode(db: DbExecutor, node: Insertable<ExploreNodesTable>): Promise<void> {
  await db.insertInto('explore_nodes').values(node).execute();
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
