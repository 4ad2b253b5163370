import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
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

const publicationRows = idTableRows('cms_publications', [['publish_at', 'desc'], 'id']);
export const listPublicationsPage = publicationRows.listPage;
export const findPublication = publicationRows.find;
export const updatePublication = publicationRows.update;

export async function insertPublication(
  db: DbExecutor,
  row: Insertable<CmsPublicationsTable>,
): Promise<void> {
  await db.insertInto('cms_publications').values(row).execute();
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
