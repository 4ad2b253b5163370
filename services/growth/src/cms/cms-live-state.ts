import type { DbExecutor } from '../db/database.ts';
import { isInsideWindow, resolveEnabled, type ScheduleWindow } from './cms-schedule.ts';
import type { PublicationTargetType } from './cms.tables.ts';
import { listDueChanges } from './publications.repository.ts';

/** The columns a schedulable CMS row carries. */
export interface SchedulableRow {
  id: string;
  enabled: number;
  enabled_changed_at: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
}

/**
 * Which of `rows` are live at `now`: the switch resolved against due publications, then the schedule window (rows
 * without one are unbounded). One query for the publications of all rows.
 */
export async function findLiveIds(
  db: DbExecutor,
  targetType: PublicationTargetType,
  rows: readonly SchedulableRow[],
  now: string,
  scope: 'all' | 'these' = 'these',
): Promise<Set<string>> {
  const due = await listDueChanges(
    db,
    targetType,
    now,
    scope === 'all' ? undefined : rows.map((row) => row.id),
  );
  const live = new Set<string>();
  for (const row of rows) {
    const window: ScheduleWindow = { startsAt: row.starts_at ?? null, endsAt: row.ends_at ?? null };
    const enabled = resolveEnabled(
      { enabled: row.enabled === 1, enabledChangedAt: row.enabled_changed_at },
      due.get(row.id) ?? [],
    );
    if (enabled && isInsideWindow(window, now)) live.add(row.id);
  }
  return live;
}
