import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { ScheduledChange } from './cms-schedule.ts';
import type { CmsPublicationsTable, PublicationTargetType } from './cms.tables.ts';

export type PublicationRecord = Selectable<CmsPublicationsTable>;

/** Enabled publications of one target type that are due at `now`, grouped by target id. */
export async function listDueChanges(
  db: DbExecutor,
  targetType: PublicationTargetType,
  now: string,
  targetIds?: string[],
): Promise<Map<string, ScheduledChange[]>> {
  if (targetIds !== undefined && targetIds.length === 0) return new Map();
  let query = db
    .selectFrom('cms_publications')
    .select(['target_id', 'action', 'publish_at', 'created_at'])
    .where('target_type', '=', targetType)
    .where('enabled', '=', 1)
    .where('publish_at', '<=', now);
  if (targetIds !== undefined) query = query.where('target_id', 'in', targetIds);
  const grouped = new Map<string, ScheduledChange[]>();
  for (const row of await query.execute()) {
    const changes = grouped.get(row.target_id) ?? [];
    changes.push({ action: row.action, publishAt: row.publish_at, createdAt: row.created_at });
    grouped.set(row.target_id, changes);
  }
  return grouped;
}

export async function listPublicationsPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('cms_publications')
      .selectAll()
      .orderBy('publish_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('cms_publications')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findPublication(db: DbExecutor, id: string): Promise<PublicationRecord | undefined> {
  return db.selectFrom('cms_publications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPublication(
  db: DbExecutor,
  row: Insertable<CmsPublicationsTable>,
): Promise<void> {
  await db.insertInto('cms_publications').values(row).execute();
}

export async function updatePublication(
  db: DbExecutor,
  id: string,
  changes: Updateable<CmsPublicationsTable>,
): Promise<void> {
  await db.updateTable('cms_publications').set(changes).where('id', '=', id).execute();
}

/** Whether a publication target exists (any state): the console may schedule content that is currently off. */
export async function publicationTargetExists(
  db: DbExecutor,
  targetType: PublicationTargetType,
  targetId: string,
): Promise<boolean> {
  const row =
    targetType === 'banner'
      ? await db.selectFrom('cms_banners').select('id').where('id', '=', targetId).executeTakeFirst()
      : targetType === 'feed_slot'
        ? await db.selectFrom('cms_feed_slots').select('id').where('id', '=', targetId).executeTakeFirst()
        : await db
            .selectFrom('report_page_configs')
            .select('id')
            .where('id', '=', targetId)
            .where('report_type', '=', targetType === 'star_config' ? 'star' : 'rhythm')
            .executeTakeFirst();
  return row !== undefined;
}
