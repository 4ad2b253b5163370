import { readJsonObject } from '../ask/json-columns.ts';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { SafetyEvaluation } from './safety-pipeline.ts';
import type {
  BlockPolicyRecord,
  FilterRuleRecord,
  ModerationCaseRecord,
} from './safety-catalog.repository.ts';
import type {
  BlockPolicyView,
  FilterRuleView,
  ModerationCaseView,
  SafetyEvaluationView,
} from './safety-catalog.schemas.ts';

const StoredMatches = Type.Array(
  Type.Object({
    rule_id: Type.String(),
    category: Type.String(),
    severity: Type.Integer(),
    kind: Type.String(),
    start: Type.Integer(),
    end: Type.Integer(),
    matched_text: Type.String(),
  }),
);

export function toFilterRuleView(record: FilterRuleRecord): FilterRuleView {
  return {
    id: record.id,
    pattern: record.pattern,
    kind: record.kind,
    category: record.category,
    severity: record.severity,
    note: record.note,
    enabled: record.enabled === 1,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function toBlockPolicyView(record: BlockPolicyRecord): BlockPolicyView {
  return {
    id: record.id,
    name: record.name,
    category: record.category,
    min_severity: record.min_severity,
    action: record.action,
    safe_reply: record.safe_reply,
    priority: record.priority,
    enabled: record.enabled === 1,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

function parseMatches(text: string): ModerationCaseView['matches'] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  return Value.Check(StoredMatches, value) ? value : [];
}

export function toModerationCaseView(record: ModerationCaseRecord): ModerationCaseView {
  const crisis = record.crisis_json === null ? null : readJsonObject(record.crisis_json);
  return {
    id: record.id,
    user_id: record.user_id,
    thread_id: record.thread_id,
    message_id: record.message_id,
    direction: record.direction,
    disposition: record.disposition,
    action: record.action,
    policy_id: record.policy_id,
    categories: record.categories === '' ? [] : record.categories.split(','),
    matches: parseMatches(record.matches_json),
    crisis: crisis !== null && Object.keys(crisis).length > 0 ? crisis : null,
    status: record.status,
    review_note: record.review_note,
    reviewed_by: record.reviewed_by,
    reviewed_at: record.reviewed_at,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function toEvaluationView(evaluation: SafetyEvaluation): SafetyEvaluationView {
  const { outcome, crisis } = evaluation;
  return {
    normalized: evaluation.normalized,
    disposition: evaluation.disposition,
    matches: evaluation.matches.map((match) => ({
      rule_id: match.ruleId,
      category: match.category,
      severity: match.severity,
      kind: match.kind,
      start: match.start,
      end: match.end,
      matched_text: match.matchedText,
    })),
    outcome: {
      action: outcome.action,
      policy_id: outcome.policyId,
      masked_text: outcome.maskedText ?? null,
      safe_reply: outcome.safeReply ?? null,
      reasons: outcome.reasons.map((reason) => ({
        policy_id: reason.policyId,
        action: reason.action,
        rule_id: reason.ruleId,
        category: reason.category,
        severity: reason.severity,
        start: reason.start,
        end: reason.end,
        matched_text: reason.matchedText,
      })),
    },
    crisis: {
      is_crisis: crisis.isCrisis,
      tier: crisis.tier,
      first_person: crisis.firstPerson,
      outcome: crisis.outcome,
      third_party_tier: crisis.thirdPartyTier,
      policy_id: crisis.policyId,
      matched_cues: crisis.matchedCues.map((cue) => ({
        policy_id: cue.policyId,
        tier: cue.tier,
        cue: cue.cue,
        start: cue.start,
        end: cue.end,
        matched_text: cue.matchedText,
        stance: cue.stance,
      })),
    },
  };
}
