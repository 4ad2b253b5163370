import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/database.ts';
import type { SafetyEvaluation } from './safety-pipeline.ts';
import { insertModerationCase } from './safety-catalog.repository.ts';

/**
 * Categories whose matched text is personal data: the case keeps where it was and which rule fired, not the
 * text itself, or the queue would hold the very phone numbers and ID numbers the mask removed from the message.
 */
export const REDACTED_CATEGORIES: readonly string[] = ['privacy'];
const REDACTED_TEXT = '[已隐去]';

export interface StoredMatch {
  rule_id: string;
  category: string;
  severity: number;
  kind: string;
  start: number;
  end: number;
  matched_text: string;
}

export interface StoredCrisis {
  tier: string;
  outcome: string;
  third_party_tier: string;
  policy_id: string | null;
  cues: { policy_id: string; cue: string; stance: string; matched_text: string }[];
}

export function storedMatchesOf(evaluation: SafetyEvaluation): StoredMatch[] {
  return evaluation.matches.map((match) => ({
    rule_id: match.ruleId,
    category: match.category,
    severity: match.severity,
    kind: match.kind,
    start: match.start,
    end: match.end,
    matched_text: REDACTED_CATEGORIES.includes(match.category) ? REDACTED_TEXT : match.matchedText,
  }));
}

function storedCrisisOf(evaluation: SafetyEvaluation): StoredCrisis | null {
  const { crisis } = evaluation;
  if (crisis.matchedCues.length === 0) return null;
  return {
    tier: crisis.tier,
    outcome: crisis.outcome,
    third_party_tier: crisis.thirdPartyTier,
    policy_id: crisis.policyId,
    cues: crisis.matchedCues.map((cue) => ({
      policy_id: cue.policyId,
      cue: cue.cue,
      stance: cue.stance,
      matched_text: cue.matchedText,
    })),
  };
}

export interface NewModerationCase {
  userId: string;
  threadId: string;
  messageId: string;
  direction: 'input' | 'output';
  evaluation: SafetyEvaluation;
  at: string;
}

/**
 * Queues a message that did not simply pass (masked, refused, crisis, concern for someone else) for review, in
 * the transaction that stores the message. The message itself holds only what the user saw (masked text); the
 * case holds the rules, spans and crisis cues that explain it.
 */
export async function recordModerationCase(db: DbExecutor, input: NewModerationCase): Promise<string> {
  const id = randomUUID();
  const { evaluation } = input;
  const categories = [...new Set(evaluation.matches.map((match) => match.category))].sort();
  await insertModerationCase(db, {
    id,
    user_id: input.userId,
    thread_id: input.threadId,
    message_id: input.messageId,
    direction: input.direction,
    disposition: evaluation.disposition,
    action: evaluation.outcome.action,
    policy_id: evaluation.outcome.policyId,
    categories: categories.join(','),
    matches_json: JSON.stringify(storedMatchesOf(evaluation)),
    crisis_json: input.direction === 'input' ? JSON.stringify(storedCrisisOf(evaluation)) : null,
    status: 'open',
    review_note: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: input.at,
    updated_at: input.at,
  });
  return id;
}
