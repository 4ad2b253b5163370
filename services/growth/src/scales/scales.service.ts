import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { recordCrisisEvent } from '../crisis/crisis-events.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page } from '../http/pagination.ts';
import { findOwnedProfile } from '../profiles/profile-ownership.ts';
import { findScaleInstrument, type ScaleInstrument } from './instruments/index.ts';
import { CRISIS_RESOURCES, ScaleAnswerError, scoreScale, type ScaleScore } from './scale-scoring.ts';
import { readOptions, toAdminScale, toScaleQuestion, toScaleSummary } from './scales.mapper.ts';
import {
  countQuestionsByScale,
  findScaleById,
  findScaleBySlug,
  insertScale,
  insertScaleResult,
  listPublishedScales,
  listScaleQuestions,
  listScalesPage,
  maxScaleSort,
  updateScale,
  type ScaleQuestionRecord,
  type ScaleRecord,
} from './scales.repository.ts';
import type {
  AdminScale,
  CreateScaleBody,
  ScaleDetail,
  ScaleResult,
  ScaleSubmitResult,
  ScaleSummary,
  SubmitScaleBody,
  UpdateScaleBody,
} from './scales.schemas.ts';
import { syncScaleInstruments, type ScaleSyncReport } from './scales.seed.ts';
import type { ScaleStatus } from './scales.tables.ts';

/** Crisis tier of a self-harm-thoughts answer, in the ask safety pipeline's vocabulary. */
const SCALE_CRISIS_TIER = 'ideation';
const CRISIS_MESSAGE =
  '你在测评中提到最近有伤害自己或不如死掉的念头。请不要独自承受：现在就联系一位信任的人，或拨打下面的心理援助热线；如果有紧急危险，请立即拨打 110 或 120。';
const SORT_STEP = 10;

export interface ScalesServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export class ScalesService {
  constructor(private readonly options: ScalesServiceOptions) {}

  /** Start-time seed: the shipped instruments exist as scales with their questions (idempotent). */
  async syncInstruments(): Promise<ScaleSyncReport> {
    return syncScaleInstruments(this.options.db, this.options.clock.now().toISOString());
  }

  async listPublished(): Promise<ScaleSummary[]> {
    const scales = await listPublishedScales(this.options.db);
    return scales.filter((scale) => findScaleInstrument(scale.slug)).map(toScaleSummary);
  }

  async getPublished(slug: string): Promise<ScaleDetail> {
    const { scale } = await this.findAnswerable(slug);
    const questions = await listScaleQuestions(this.options.db, scale.id);
    return {
      ...toScaleSummary(scale),
      instructions: scale.instructions,
      questions: questions.map(toScaleQuestion),
    };
  }

  /**
   * Scores a completed scale for one of the caller's profiles and stores it. An answer that signals possible risk
   * (PHQ-9 item 9) adds crisis resources to the result and records a crisis event in the same transaction.
   */
  async submitResult(userId: string, slug: string, body: SubmitScaleBody): Promise<ScaleSubmitResult> {
    const { db, clock } = this.options;
    const { scale, instrument } = await this.findAnswerable(slug);
    await findOwnedProfile(db, userId, body.profile_id);
    const questions = await listScaleQuestions(db, scale.id);
    const score = scoreAnswers(instrument, questions, body.answers);

    const id = randomUUID();
    const now = clock.now();
    const result: ScaleResult = {
      scale: scale.slug,
      ...score,
      ...(score.crisis_flag ? { crisis: { message: CRISIS_MESSAGE, resources: [...CRISIS_RESOURCES] } } : {}),
    };
    await db.transaction().execute(async (trx) => {
      await insertScaleResult(trx, {
        id,
        user_id: userId,
        profile_id: body.profile_id,
        scale_id: scale.id,
        answers_json: JSON.stringify(body.answers),
        result_json: JSON.stringify(result),
        created_at: now.toISOString(),
      });
      if (score.crisis_flag) {
        await recordCrisisEvent(trx, {
          userId,
          profileId: body.profile_id,
          source: 'scale',
          sourceRef: id,
          tier: SCALE_CRISIS_TIER,
          summary: describeCrisisAnswers(instrument, questions, body.answers, score),
          at: now,
        });
      }
    });
    return { id, result };
  }

  async listForAdmin(limit: number, offset: number): Promise<Page<AdminScale>> {
    const { rows, total } = await listScalesPage(this.options.db, limit, offset);
    const counts = await countQuestionsByScale(
      this.options.db,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => adminView(row, counts.get(row.id) ?? 0)), total };
  }

  async getForAdmin(id: string): Promise<AdminScale> {
    return this.loadAdminView(this.options.db, id);
  }

  /** A new scale starts as a draft; it can be published once an instrument with its slug ships. */
  async create(actor: AdminActor, body: CreateScaleBody): Promise<AdminScale> {
    const at = this.options.clock.now().toISOString();
    try {
      return await this.options.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        const record: ScaleRecord = {
          id,
          slug: body.slug,
          title: body.title,
          description: body.description,
          instructions: body.instructions ?? '',
          status: 'draft',
          sort: body.sort ?? (await maxScaleSort(trx)) + SORT_STEP,
          created_at: at,
          updated_at: at,
        };
        await insertScale(trx, record);
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'scale.create',
          targetType: 'scale',
          targetId: id,
          after: auditFields(record),
          clientAddress: actor.clientAddress,
          at,
        });
        return this.loadAdminView(trx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `body.slug is taken: ${body.slug}`);
      throw error;
    }
  }

  async update(actor: AdminActor, id: string, body: UpdateScaleBody): Promise<AdminScale> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findScaleById(trx, id);
      if (!before) throw notFound('scale');
      const changes = {
        title: body.title,
        description: body.description,
        instructions: body.instructions ?? before.instructions,
        sort: body.sort ?? before.sort,
        updated_at: at,
      };
      await updateScale(trx, id, changes);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'scale.update',
        targetType: 'scale',
        targetId: id,
        before: auditFields(before),
        after: auditFields({ ...before, ...changes }),
        clientAddress: actor.clientAddress,
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  async setStatus(actor: AdminActor, id: string, status: ScaleStatus): Promise<AdminScale> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findScaleById(trx, id);
      if (!before) throw notFound('scale');
      if (status === 'published') {
        const questionCount = (await countQuestionsByScale(trx, [id])).get(id) ?? 0;
        if (!isScoreable(before, questionCount)) {
          throw new AppError(
            'BAD_REQUEST',
            `body.status cannot be published: scale ${before.slug} has no scoring instrument`,
          );
        }
      }
      await updateScale(trx, id, { status, updated_at: at });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'scale.status',
        targetType: 'scale',
        targetId: id,
        before: { status: before.status },
        after: { status },
        clientAddress: actor.clientAddress,
        at,
      });
      return this.loadAdminView(trx, id);
    });
  }

  /** A published scale the service can score; anything else is 404 to users. */
  private async findAnswerable(slug: string): Promise<{ scale: ScaleRecord; instrument: ScaleInstrument }> {
    const scale = await findScaleBySlug(this.options.db, slug);
    const instrument = findScaleInstrument(slug);
    if (!scale || scale.status !== 'published' || !instrument) throw notFound('scale');
    return { scale, instrument };
  }

  private async loadAdminView(db: DbExecutor, id: string): Promise<AdminScale> {
    const scale = await findScaleById(db, id);
    if (!scale) throw notFound('scale');
    const counts = await countQuestionsByScale(db, [id]);
    return adminView(scale, counts.get(id) ?? 0);
  }
}

function isScoreable(scale: ScaleRecord, questionCount: number): boolean {
  return findScaleInstrument(scale.slug) !== undefined && questionCount > 0;
}

function adminView(scale: ScaleRecord, questionCount: number): AdminScale {
  return toAdminScale(scale, questionCount, isScoreable(scale, questionCount));
}

function auditFields(scale: ScaleRecord) {
  return {
    slug: scale.slug,
    title: scale.title,
    description: scale.description,
    instructions: scale.instructions,
    status: scale.status,
    sort: scale.sort,
  };
}

/**
 * Translates answers keyed by question id into the instrument's question keys and scores them. Every failure is a
 * 400 naming the offending question id, so a client can point at the exact unanswered or mis-answered question.
 */
function scoreAnswers(
  instrument: ScaleInstrument,
  questions: readonly ScaleQuestionRecord[],
  answers: Readonly<Record<string, string>>,
): ScaleScore {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const keyed: Record<string, string> = {};
  for (const [questionId, optionKey] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) {
      throw new AppError('VALIDATION_FAILED', `body.answers.${questionId} is not a question of this scale`);
    }
    keyed[question.key] = optionKey;
  }
  try {
    return scoreScale(instrument, keyed);
  } catch (error) {
    if (!(error instanceof ScaleAnswerError)) throw error;
    const question = byKey.get(error.questionKey);
    const field = `body.answers.${question?.id ?? error.questionKey}`;
    if (error.reason === 'missing') throw new AppError('VALIDATION_FAILED', `${field} is required`);
    const allowed = question ? readOptions(question).map((option) => option.key) : [];
    throw new AppError(
      'VALIDATION_FAILED',
      allowed.length > 0 ? `${field} must be one of ${allowed.join(', ')}` : `${field} is not valid`,
    );
  }
}

/** Names the risk answers for the crisis team, e.g. "phq9 q9「好几天」；总分 12（中度抑郁症状）". */
function describeCrisisAnswers(
  instrument: ScaleInstrument,
  questions: readonly ScaleQuestionRecord[],
  answers: Readonly<Record<string, string>>,
  score: ScaleScore,
): string {
  const parts = instrument.questions.flatMap((question) => {
    const id = questions.find((row) => row.key === question.key)?.id;
    const answer = id === undefined ? undefined : answers[id];
    if (answer === undefined || !question.crisisOptionKeys?.includes(answer)) return [];
    const text = question.options.find((option) => option.key === answer)?.text ?? answer;
    return [`${instrument.slug} ${question.key}「${text}」`];
  });
  return `${parts.join('；')}；总分 ${score.score}（${score.band_label}）`;
}
