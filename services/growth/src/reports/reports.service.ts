import type { Clock } from '../clock.ts';
import { calendarDay, isValidDay } from '../calendar/calendar-day.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import type { Entitlements } from '../entitlements/entitlements.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { findOwnedProfile, type ProfileRecord } from '../profiles/profile-ownership.ts';
import { castNatalChart, type PlaceResolver } from './builders/natal-input.ts';
import { buildPortraitReport } from './builders/portrait.builder.ts';
import { buildRhythmReport } from './builders/rhythm.builder.ts';
import { buildStarReport } from './builders/star.builder.ts';
import { buildSynastryReport, progressionInstantOf } from './builders/synastry.builder.ts';
import type { ReportDetail } from './report-detail.ts';
import { listEnabledTemplateOverrides } from './report-templates.repository.ts';
import { toGrowthReport, type GrowthReport } from './reports.mapper.ts';
import { findOwnedReport, listUserReports, storeReport, type ReportRecord } from './reports.repository.ts';
import type { ReportType } from './reports.tables.ts';
import { TemplateBook } from './templates/template-book.ts';

/** GET /reports answers at most this many, newest first. */
export const REPORT_LIST_LIMIT = 100;
const REPORT_TIME_ZONE = 'Asia/Shanghai';

export interface ReportsServiceOptions {
  db: GrowthDb;
  clock: Clock;
  /** Only `hasDeepAccess` is used: it decides how much of a report's detail the owner sees. */
  entitlements: Pick<Entitlements, 'hasDeepAccess'>;
  resolvePlace: PlaceResolver;
}

export interface CreateSynastryInput {
  /** The account the report belongs to. */
  userId: string;
  /** First person; the caller has checked the user may use it. */
  profileA: ProfileRecord;
  /** Counterpart; must have relation `other`. */
  profileB: ProfileRecord;
  /** Progression day `YYYY-MM-DD`; today in Asia/Shanghai when absent. */
  asOf?: string | undefined;
}

function birthOf(profile: ProfileRecord) {
  return { birthDate: profile.birth_date, birthTime: profile.birth_time, birthPlace: profile.birth_place };
}

/** Runs `work` in the caller's transaction when it passes one, else in a new one. */
async function inTransaction<T>(db: DbExecutor, work: (trx: DbExecutor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

export class ReportsService {
  constructor(private readonly options: ReportsServiceOptions) {}

  /** A stored report as its owner sees it: `has_deep_access` from the entitlements, `detail` trimmed to match. */
  async presentReport(db: DbExecutor, record: ReportRecord): Promise<GrowthReport> {
    const deep = await this.options.entitlements.hasDeepAccess(
      db,
      record.user_id,
      record.id,
      this.options.clock.now(),
    );
    return toGrowthReport(record, deep);
  }

  async listReports(userId: string): Promise<GrowthReport[]> {
    const { db } = this.options;
    const records = await listUserReports(db, userId, REPORT_LIST_LIMIT);
    return Promise.all(records.map((record) => this.presentReport(db, record)));
  }

  async getReport(userId: string, reportId: string): Promise<GrowthReport> {
    const { db } = this.options;
    const record = await findOwnedReport(db, userId, reportId);
    if (!record) throw notFound('report');
    return this.presentReport(db, record);
  }

  /** POST /reports/portrait: a personality portrait of one of the caller's profiles. */
  async createPortraitReport(userId: string, profileId: string): Promise<GrowthReport> {
    const { db } = this.options;
    const profile = await findOwnedProfile(db, userId, profileId);
    const templates = await this.loadTemplates(db);
    const built = buildPortraitReport({ chart: this.castChart(profile), templates });
    return this.storeAndPresent(db, {
      userId,
      profileId,
      type: 'portrait',
      ...built,
      at: this.options.clock.now(),
    });
  }

  /** POST /reports/star: natal chart, aspects, transits and the five-horizon outlook as of now. */
  async createStarReport(userId: string, profileId: string): Promise<GrowthReport> {
    const { db } = this.options;
    const profile = await findOwnedProfile(db, userId, profileId);
    const templates = await this.loadTemplates(db);
    const at = this.options.clock.now();
    const built = buildStarReport({ chart: this.castChart(profile), at, templates });
    return this.storeAndPresent(db, {
      userId,
      profileId,
      type: 'star',
      ...built,
      asOf: calendarDay(at, REPORT_TIME_ZONE),
      at,
    });
  }

  /** POST /reports/rhythm: biorhythm, today's solar term and notable transits. */
  async createRhythmReport(userId: string, profileId: string): Promise<GrowthReport> {
    const { db } = this.options;
    const profile = await findOwnedProfile(db, userId, profileId);
    const templates = await this.loadTemplates(db);
    const at = this.options.clock.now();
    const built = buildRhythmReport({
      birthDate: profile.birth_date,
      chart: this.castChart(profile),
      at,
      templates,
    });
    return this.storeAndPresent(db, {
      userId,
      profileId,
      type: 'rhythm',
      ...built,
      asOf: calendarDay(at, REPORT_TIME_ZONE),
      at,
    });
  }

  /** POST /reports/synastry: both profiles must be the caller's. */
  async createSynastryForCaller(
    userId: string,
    input: { profileIdA: string; profileIdB: string; asOf?: string | undefined },
  ): Promise<GrowthReport> {
    const { db } = this.options;
    const profileA = await findOwnedProfile(db, userId, input.profileIdA);
    const profileB = await findOwnedProfile(db, userId, input.profileIdB);
    return this.createSynastryReport(db, { userId, profileA, profileB, asOf: input.asOf });
  }

  /**
   * Builds and stores a synastry report and answers it as the owner sees it. Pass a transaction to make the report
   * part of a larger change (an invite acceptance); the charts are computed before any row is written. Ownership
   * of the profiles is the caller's check; the counterpart's relation is checked here (contract rule 2).
   */
  async createSynastryReport(db: DbExecutor, input: CreateSynastryInput): Promise<GrowthReport> {
    const { profileA, profileB } = input;
    if (profileA.id === profileB.id) {
      throw new AppError('VALIDATION_FAILED', 'body.profile_id_b must differ from body.profile_id_a');
    }
    if (profileB.relation !== 'other') {
      throw new AppError('VALIDATION_FAILED', "body.profile_id_b must be a profile with relation 'other'");
    }
    const now = this.options.clock.now();
    const asOf = input.asOf ?? calendarDay(now, REPORT_TIME_ZONE);
    if (!isValidDay(asOf)) throw new AppError('VALIDATION_FAILED', 'body.as_of is not a valid date');
    const templates = await this.loadTemplates(db);
    const built = buildSynastryReport({
      a: { profileId: profileA.id, displayName: profileA.display_name, chart: this.castChart(profileA) },
      b: { profileId: profileB.id, displayName: profileB.display_name, chart: this.castChart(profileB) },
      asOf,
      asOfInstant: progressionInstantOf(asOf),
      templates,
    });
    return this.storeAndPresent(db, {
      userId: input.userId,
      profileId: profileA.id,
      profileBId: profileB.id,
      type: 'synastry',
      summary: built.summary,
      detail: built.detail,
      asOf,
      at: now,
    });
  }

  private async loadTemplates(db: DbExecutor): Promise<TemplateBook> {
    return new TemplateBook(await listEnabledTemplateOverrides(db));
  }

  private castChart(profile: ProfileRecord) {
    return castNatalChart(birthOf(profile), this.options.resolvePlace);
  }

  private async storeAndPresent(
    db: DbExecutor,
    input: {
      userId: string;
      profileId: string;
      profileBId?: string;
      type: ReportType;
      summary: Record<string, unknown>;
      detail: ReportDetail;
      asOf?: string;
      at: Date;
    },
  ): Promise<GrowthReport> {
    return inTransaction(db, async (trx) => {
      const record = await storeReport(trx, input);
      return this.presentReport(trx, record);
    });
  }
}
