import { randomUUID } from 'node:crypto';
import type { KnowledgeCache } from '../ai-config/knowledge-cache.ts';
import type { Clock } from '../clock.ts';
import { ensureHandoff, recordIntervention, type InterventionAction } from '../crisis/crisis-care.ts';
import { recordCrisisEvent } from '../crisis/crisis-events.ts';
import type { GrowthDb, GrowthTransaction } from '../db/database.ts';
import type { AskQuota, Entitlements } from '../entitlements/entitlements.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { findOwnedProfile } from '../profiles/profile-ownership.ts';
import type { ProfileRecord } from '../profiles/profile-ownership.ts';
import { buildCrisisReply, buildThirdPartyConcernReply, CRISIS_HOTLINES } from '../safety/crisis-reply.ts';
import { recordModerationCase } from '../safety/moderation-cases.ts';
import type { SafetyCompileCache } from '../safety/safety-compile-cache.ts';
import { evaluateMessage } from '../safety/safety-pipeline.ts';
import type { CompiledSafety, SafetyEvaluation } from '../safety/safety-pipeline.ts';
import { SAFE_FALLBACK_ANSWER, writeAnswer, type WrittenAnswer } from './answer-writer.ts';
import {
  findThreadMessage,
  findThreadProfile,
  findUserThread,
  insertFeedback,
  insertMessages,
  insertThread,
  listRecentMessages,
  listThreadMessages,
  listUserThreads,
  reserveMessageSeqs,
  type AskMessageRecord,
  type AskThreadRecord,
} from './ask.repository.ts';
import { toAskMessage, toAskThread, toFeedback } from './ask.mapper.ts';
import {
  MAX_QUESTION_CHARS,
  type AskThread,
  type AskMessage,
  type CreateThreadBody,
  type Feedback,
  type SendMessageResult,
  type UserFeedbackBody,
} from './ask.schemas.ts';
import { readCatalogVersions, type CatalogVersions } from './catalog-versions.ts';
import type { ChartFactsProvider } from './chart-facts.provider.ts';
import { buildHandoffReply, isHandoffRequest } from './handoff-request.ts';
import type { LlmReplyClient } from './llm-reply.client.ts';
import { chartFactsRelevant } from './reply-engine/chart-facts.ts';
import { classifyIntent } from './reply-engine/intent-classifier.ts';

/** Earlier messages the reply engine sees: follow-ups need the last few turns, not the whole thread. */
const HISTORY_MESSAGES = 20;
/** What the quota pre-check says; the entitlements module says the same when the spend itself finds nothing left. */
const QUOTA_USED_UP_MESSAGE = '今日提问次数已用完';

export type ReplyKind = 'answer' | 'crisis_support' | 'third_party_support' | 'safe_refusal' | 'handoff';

/**
 * What to answer, decided before the write transaction. Crisis, concern for someone else and handoff requests
 * are never charged: a person at risk (or worried about someone who is) must be answered even with no questions
 * left. Everything else, refusals included, costs one question.
 */
type ReplyPlan =
  | { kind: 'crisis_support'; content: string }
  | { kind: 'third_party_support'; content: string }
  | { kind: 'handoff' }
  | { kind: 'safe_refusal'; content: string }
  | { kind: 'answer'; answer: WrittenAnswer };

function isCharged(plan: ReplyPlan): boolean {
  return plan.kind === 'answer' || plan.kind === 'safe_refusal';
}

export interface AskServiceOptions {
  db: GrowthDb;
  clock: Clock;
  entitlements: Entitlements;
  safety: SafetyCompileCache;
  knowledge: KnowledgeCache;
  chartFacts: ChartFactsProvider;
  /** Present when LLM_BASE_URL and LLM_API_KEY are set. */
  llm: LlmReplyClient | null;
}

export class AskService {
  constructor(private readonly options: AskServiceOptions) {}

  getQuota(userId: string): Promise<AskQuota> {
    return this.options.entitlements.getAskQuota(this.options.db, userId, this.options.clock.now());
  }

  async createThread(userId: string, body: CreateThreadBody): Promise<AskThread> {
    const { db, clock } = this.options;
    await findOwnedProfile(db, userId, body.profile_id);
    const thread: AskThreadRecord = {
      id: randomUUID(),
      user_id: userId,
      profile_id: body.profile_id,
      scene: body.scene ?? null,
      message_count: 0,
      last_message_at: null,
      created_at: clock.now().toISOString(),
    };
    await insertThread(db, thread);
    return toAskThread(thread);
  }

  async listThreads(userId: string, limit: number, offset: number): Promise<AskThread[]> {
    const rows = await listUserThreads(this.options.db, userId, limit, offset);
    return rows.map(toAskThread);
  }

  async listMessages(userId: string, threadId: string, limit: number, offset: number): Promise<AskMessage[]> {
    const thread = await this.ownedThread(userId, threadId);
    const rows = await listThreadMessages(this.options.db, thread.id, limit, offset);
    return rows.map(toAskMessage);
  }

  /**
   * One question and its answer. Validation and ownership first; then, outside any transaction, the safety
   * evaluation and the reply (pure work, plus an optional model call that must not hold a write lock); then one
   * transaction spends the question (402 rolls everything back), numbers and stores both messages, and writes the
   * moderation case, crisis event, intervention and handoff the outcome calls for.
   */
  async sendMessage(userId: string, threadId: string, rawContent: string): Promise<SendMessageResult> {
    const { db, clock, entitlements } = this.options;
    const content = rawContent.trim();
    const length = [...content].length;
    if (length === 0 || length > MAX_QUESTION_CHARS) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body.content must be 1 to ${MAX_QUESTION_CHARS} characters after trimming`,
      );
    }
    const thread = await this.ownedThread(userId, threadId);
    const now = clock.now();
    const at = now.toISOString();

    const versions = await readCatalogVersions(db);
    const safety = await this.options.safety.forVersion(versions.safety);
    const evaluation = evaluateMessage(content, safety);
    const storedQuestion = evaluation.outcome.maskedText ?? content;
    const profile = await findThreadProfile(db, thread);
    const plan = await this.planReply(thread, profile, evaluation, storedQuestion, { versions, safety, now });

    return db.transaction().execute(async (trx) => {
      const charged = isCharged(plan);
      const spent = charged ? await entitlements.spendAskQuestion(trx, userId, now) : null;
      const lastSeq = await reserveMessageSeqs(trx, thread.id, 2, at);
      const userMessageId = randomUUID();
      const assistantMessageId = randomUUID();

      const care = await this.recordCare(trx, plan, {
        thread,
        evaluation,
        userMessageId,
        assistantMessageId,
        now,
      });

      const userRecord: AskMessageRecord = {
        id: userMessageId,
        thread_id: thread.id,
        user_id: userId,
        seq: lastSeq - 1,
        role: 'user',
        content: storedQuestion,
        meta_json: JSON.stringify({
          disposition: evaluation.disposition,
          action: evaluation.outcome.action,
          policy_id: evaluation.outcome.policyId,
          masked: evaluation.outcome.maskedText !== undefined,
          charged,
        }),
        created_at: at,
      };
      const assistantRecord: AskMessageRecord = {
        id: assistantMessageId,
        thread_id: thread.id,
        user_id: userId,
        seq: lastSeq,
        role: 'assistant',
        content: care.reply,
        meta_json: JSON.stringify(assistantMeta(plan, userMessageId, care.handoffId, care.crisisEventId)),
        created_at: at,
      };
      await insertMessages(trx, [userRecord, assistantRecord]);

      await this.recordCases(trx, thread, userMessageId, assistantMessageId, evaluation, plan, at);
      const quota = spent ?? (await entitlements.getAskQuota(trx, userId, now));
      return { user: toAskMessage(userRecord), assistant: toAskMessage(assistantRecord), quota };
    });
  }

  async submitFeedback(userId: string, threadId: string, body: UserFeedbackBody): Promise<Feedback> {
    const { db, clock } = this.options;
    const thread = await this.ownedThread(userId, threadId);
    if (body.message_id !== undefined && !(await findThreadMessage(db, thread.id, body.message_id))) {
      throw new AppError('VALIDATION_FAILED', 'body.message_id names no message of this thread');
    }
    const tag = body.tag?.trim() ?? '';
    const note = body.note?.trim() ?? '';
    const record = {
      id: randomUUID(),
      thread_id: thread.id,
      message_id: body.message_id ?? null,
      author: 'user' as const,
      user_id: userId,
      admin_id: null,
      rating: body.rating,
      tag: tag.length > 0 ? tag : null,
      note: note.length > 0 ? note : null,
      created_at: clock.now().toISOString(),
    };
    await insertFeedback(db, record);
    return toFeedback(record);
  }

  private async ownedThread(userId: string, threadId: string): Promise<AskThreadRecord> {
    const thread = await findUserThread(this.options.db, userId, threadId);
    if (!thread) throw notFound('thread');
    return thread;
  }

  private async planReply(
    thread: AskThreadRecord,
    profile: ProfileRecord | undefined,
    evaluation: SafetyEvaluation,
    question: string,
    context: { versions: CatalogVersions; safety: CompiledSafety; now: Date },
  ): Promise<ReplyPlan> {
    const { versions, safety, now } = context;
    const displayName = profile?.display_name ?? null;
    switch (evaluation.disposition) {
      case 'crisis':
        return {
          kind: 'crisis_support',
          content: buildCrisisReply({ displayName, tier: evaluation.crisis.tier }),
        };
      case 'support_other':
        return {
          kind: 'third_party_support',
          content: buildThirdPartyConcernReply({ displayName, tier: evaluation.crisis.thirdPartyTier }),
        };
      case 'refuse': {
        const safeReply = evaluation.outcome.safeReply?.trim() ?? '';
        return { kind: 'safe_refusal', content: safeReply.length > 0 ? safeReply : SAFE_FALLBACK_ANSWER };
      }
      case 'mask':
      case 'allow':
        break;
    }
    if (isHandoffRequest(evaluation.normalized)) return { kind: 'handoff' };

    const { db, entitlements, llm } = this.options;
    // A model call costs money and seconds: skip it when the account has nothing left (the spend stays the authority).
    if (llm !== null && (await entitlements.getAskQuota(db, thread.user_id, now)).remaining <= 0) {
      throw new AppError('QUOTA_EXHAUSTED', QUOTA_USED_UP_MESSAGE);
    }
    const [knowledge, history] = await Promise.all([
      this.options.knowledge.forVersions(versions),
      listRecentMessages(db, thread.id, HISTORY_MESSAGES),
    ]);
    const intent = classifyIntent(question, thread.scene);
    const wantsChart = llm !== null || chartFactsRelevant(intent.scene, intent.intent);
    const chartFacts = profile && wantsChart ? this.options.chartFacts.factsFor(profile, now) : null;
    const answer = await writeAnswer(
      {
        question,
        scene: thread.scene,
        displayName,
        chartFacts,
        history: history.map((message) => ({ role: message.role, content: message.content })),
        knowledge,
        safety,
      },
      llm,
    );
    return { kind: 'answer', answer };
  }

  /**
   * The care a reply stands for, in the message's transaction: for a crisis the event, the thread's handoff and the
   * intervention record; for a request for a person the handoff. Returns the reply text.
   */
  private async recordCare(
    trx: GrowthTransaction,
    plan: ReplyPlan,
    context: {
      thread: AskThreadRecord;
      evaluation: SafetyEvaluation;
      userMessageId: string;
      assistantMessageId: string;
      now: Date;
    },
  ): Promise<{ reply: string; crisisEventId: string | null; handoffId: string | null }> {
    const { thread, evaluation, now } = context;
    const at = now.toISOString();
    const base = { userId: thread.user_id, threadId: thread.id, at };
    switch (plan.kind) {
      case 'crisis_support': {
        const crisisEventId = await recordCrisisEvent(trx, {
          userId: thread.user_id,
          profileId: thread.profile_id,
          source: 'ask',
          sourceRef: context.userMessageId,
          tier: evaluation.crisis.tier,
          summary: describeCrisis(evaluation),
          at: now,
        });
        const { handoff, opened } = await ensureHandoff(trx, { ...base, reason: 'crisis', crisisEventId });
        const actions: InterventionAction[] = ['crisis_reply_sent', 'hotlines_shown', 'handoff_offered'];
        if (opened) actions.push('handoff_opened');
        await recordIntervention(trx, {
          ...base,
          crisisEventId,
          messageId: context.assistantMessageId,
          tier: evaluation.crisis.tier,
          actions,
          hotlines: CRISIS_HOTLINES,
          handoffId: handoff.id,
        });
        return { reply: plan.content, crisisEventId, handoffId: handoff.id };
      }
      case 'handoff': {
        const { handoff, opened } = await ensureHandoff(trx, {
          ...base,
          reason: 'user_request',
          crisisEventId: null,
        });
        return { reply: buildHandoffReply(opened), crisisEventId: null, handoffId: handoff.id };
      }
      case 'answer':
        return { reply: plan.answer.content, crisisEventId: null, handoffId: null };
      case 'third_party_support':
      case 'safe_refusal':
        return { reply: plan.content, crisisEventId: null, handoffId: null };
    }
  }

  private async recordCases(
    trx: GrowthTransaction,
    thread: AskThreadRecord,
    userMessageId: string,
    assistantMessageId: string,
    evaluation: SafetyEvaluation,
    plan: ReplyPlan,
    at: string,
  ): Promise<void> {
    const base = { userId: thread.user_id, threadId: thread.id, at };
    if (evaluation.disposition !== 'allow') {
      await recordModerationCase(trx, { ...base, messageId: userMessageId, direction: 'input', evaluation });
    }
    if (plan.kind === 'answer') {
      for (const flagged of plan.answer.output.flagged) {
        await recordModerationCase(trx, {
          ...base,
          messageId: assistantMessageId,
          direction: 'output',
          evaluation: flagged,
        });
      }
    }
  }
}

function describeCrisis(evaluation: SafetyEvaluation): string {
  const cues = evaluation.crisis.matchedCues
    .filter((cue) => cue.stance === 'first_person')
    .map((cue) => cue.matchedText);
  return `问答消息中出现第一人称危机信号（等级 ${evaluation.crisis.tier}），线索：${[...new Set(cues)].join('、')}`;
}

function assistantMeta(
  plan: ReplyPlan,
  inReplyTo: string,
  handoffId: string | null,
  crisisEventId: string | null,
): Record<string, unknown> {
  const common = {
    reply_kind: plan.kind,
    in_reply_to: inReplyTo,
    handoff_id: handoffId,
    crisis_event_id: crisisEventId,
  };
  if (plan.kind !== 'answer') return { ...common, generator: 'fixed', citations: [] };
  const { answer } = plan;
  return {
    ...common,
    generator: answer.generator,
    citations: answer.citations,
    intent: answer.intent,
    scene: answer.scene,
    prompt_id: answer.promptId,
    used_chart_facts: answer.usedChartFacts,
    llm_failure: answer.llmFailure,
    output_action: answer.output.action,
  };
}
