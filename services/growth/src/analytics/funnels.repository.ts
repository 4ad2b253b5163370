import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { AnalyticsFunnelsTable } from './analytics.tables.ts';

export type FunnelRecord = Selectable<AnalyticsFunnelsTable>;

export async function listFunnels(
  db: DbExecutor,
  limit: number,
  offset: number,
): Promise<{ items: FunnelRecord[]; total: number }> {
  const [items, count] = await Promise.all([
    db.selectFrom('analytics_funnels').selectAll().orderBy('key').limit(limit).offset(offset).execute(),
    db
      .selectFrom('analytics_funnels')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export async function findFunnelByKey(db: DbExecutor, key: string): Promise<FunnelRecord | undefined> {
  return db.selectFrom('analytics_funnels').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function insertFunnel(db: DbExecutor, funnel: FunnelRecord): Promise<void> {
  await db.insertInto('analytics_funnels').values(funnel).execute();
}

export async function updateFunnel(
  db: DbExecutor,
  key: string,
  changes: Pick<FunnelRecord, 'name' | 'steps_json' | 'within' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('analytics_funnels').set(changes).where('key', '=', key).execute();
}
