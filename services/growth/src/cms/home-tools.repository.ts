import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { HomeToolsTable } from './cms.tables.ts';

export type HomeToolRecord = Selectable<HomeToolsTable>;

export async function listHomeTools(db: DbExecutor, onlyEnabled: boolean): Promise<HomeToolRecord[]> {
  let query = db.selectFrom('home_tools').selectAll();
  if (onlyEnabled) query = query.where('enabled', '=', 1);
  return query.orderBy('sort').orderBy('key').execute();
}

export async function deleteHomeToolsExcept(db: DbExecutor, keys: string[]): Promise<void> {
  let query = db.deleteFrom('home_tools');
  if (keys.length > 0) query = query.where('key', 'not in', keys);
  await query.execute();
}

/** Insert by key, or rewrite the tool with that key in place (its id and created_at stay). */
export async function upsertHomeTool(db: DbExecutor, tool: Insertable<HomeToolsTable>): Promise<void> {
  await db
    .insertInto('home_tools')
    .values(tool)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        label: tool.label,
        icon: tool.icon,
        link: tool.link,
        sort: tool.sort,
        enabled: tool.enabled,
        updated_at: tool.updated_at,
      }),
    )
    .execute();
}
