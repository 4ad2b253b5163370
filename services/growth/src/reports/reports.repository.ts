import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { emitServerEvent } from '../analytics/server-events.ts';
import type { DbExecutor } from '../db/database.ts';
import type { ReportDetail } from './report-detail.ts';
import type { ReportsTable, ReportType } from './reports.tables.ts';

export type ReportRecord = Selectable<ReportsTable>;

export interface StoreReportInput {
  userId: string;
  profileId: string;
  /** Second profile of a two-person report. */
  profileBId?: string | null;
  type: ReportType;
  summary: Record<string, unknown>;
  /** Sections flagged `preview` stay visible without deep access; see report-detail.ts. */
  detail: ReportDetail | null;
  /** Reference day (`YYYY-MM-DD`) the report was computed for, when it has one. */
  asOf?: string | null;
  at: Date;
}

/**
 * Stores a report and emits the `report_created` funnel event. Pass the transaction of the change that creates the
 * report (an invite acceptance, an image-card draw) so the report, the event and that change land together.
 */
export async function storeReport(trx: DbExecutor, input: StoreReportInput): Promise<ReportRecord> {
  const record: ReportRecord = {
    id: randomUUID(),
    user_id: input.userId,
    profile_id: input.profileId,
    profile_b_id: input.profileBId ?? null,
    type: input.type,
    summary_json: JSON.stringify(input.summary),
    detail_json: input.detail === null ? null : JSON.stringify(input.detail),
    as_of: input.asOf ?? null,
    created_at: input.at.toISOString(),
  };
  await trx.insertInto('reports').values(record).execute();
  await emitServerEvent(trx, {
    name: 'report_created',
    userId: input.userId,
    at: input.at,
    props: { report_id: record.id, type: record.type },
  });
  return record;
}

/** The caller's report by id, or undefined (another account's report is "not there"). */
export async function findOwnedReport(
  db: DbExecutor,
  userId: string,
  reportId: string,
): Promise<ReportRecord | undefined> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The caller's reports, newest first (id breaks ties so the order is stable). */
export async function listUserReports(
  db: DbExecutor,
  userId: string,
  limit: number,
): Promise<ReportRecord[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Deletes every report built from a profile (as first or second person); returns how many. */
export async function deleteReportsOfProfile(db: DbExecutor, profileId: string): Promise<number> {
  const result = await db
    .deleteFrom('reports')
    .where((eb) => eb.or([eb('profile_id', '=', profileId), eb('profile_b_id', '=', profileId)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
