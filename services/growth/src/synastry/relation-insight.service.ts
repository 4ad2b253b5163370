import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { findOwnedProfile, type ProfileRecord } from '../profiles/profile-ownership.ts';
import { castNatalChart, type PlaceResolver } from '../reports/builders/natal-input.ts';
import { storeReport } from '../reports/reports.repository.ts';
import { buildRelationInsight, type RelationInsightContent } from './relation-insight.engine.ts';
import type { RelationInsight, RelationInsightBody } from './synastry.schemas.ts';

export interface RelationInsightServiceOptions {
  db: GrowthDb;
  clock: Clock;
  resolvePlace: PlaceResolver;
}

function toRelationInsight(
  a: ProfileRecord,
  b: ProfileRecord,
  content: RelationInsightContent,
): Omit<RelationInsight, 'report_id'> {
  return {
    profile_a_id: a.id,
    profile_b_id: b.id,
    // What B is to the caller as the caller labelled it (e.g. 伴侣, 同事); A is usually the caller's own profile.
    relation_type: b.relation_type ?? a.relation_type,
    headline: content.headline,
    summary: content.summary,
    indexes: content.indexes,
    strengths: content.strengths,
    challenges: content.challenges,
    communication_tips: content.communicationTips,
  };
}

export class RelationInsightService {
  constructor(private readonly options: RelationInsightServiceOptions) {}

  /**
   * Builds the insight of two of the caller's profiles and stores it as a report of type `relation_insight` (so it
   * appears in GET /reports); the answer carries that report's id. Same birth data, same insight.
   */
  async createInsight(userId: string, body: RelationInsightBody): Promise<RelationInsight> {
    const { db, clock, resolvePlace } = this.options;
    if (body.profile_a_id === body.profile_b_id) {
      throw new AppError('VALIDATION_FAILED', 'body.profile_b_id must differ from body.profile_a_id');
    }
    const a = await findOwnedProfile(db, userId, body.profile_a_id);
    const b = await findOwnedProfile(db, userId, body.profile_b_id);
    const chartOf = (profile: ProfileRecord) =>
      castNatalChart(
        { birthDate: profile.birth_date, birthTime: profile.birth_time, birthPlace: profile.birth_place },
        resolvePlace,
      );
    const insight = toRelationInsight(
      a,
      b,
      buildRelationInsight(
        { displayName: a.display_name, chart: chartOf(a) },
        { displayName: b.display_name, chart: chartOf(b) },
      ),
    );
    const report = await db.transaction().execute((trx) =>
      storeReport(trx, {
        userId,
        profileId: a.id,
        profileBId: b.id,
        type: 'relation_insight',
        summary: insight,
        detail: null,
        at: clock.now(),
      }),
    );
    return { ...insight, report_id: report.id };
  }
}
