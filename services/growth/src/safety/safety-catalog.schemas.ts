import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../http/pagination.ts';
import { MAX_REGEX_SOURCE_LENGTH, MAX_SEVERITY, MIN_SEVERITY } from './filter-matcher.ts';

const Instant = Type.String({ format: 'date-time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const Severity = Type.Integer({ minimum: MIN_SEVERITY, maximum: MAX_SEVERITY });
const Category = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,31}$',
  description: 'lower-case letters, digits and _ (e.g. self_harm, privacy)',
});
const PolicyCategory = Type.String({
  pattern: '^(\\*|[a-z][a-z0-9_]{0,31})$',
  description: 'a filter-rule category, or * for every category',
});
const Kind = Type.Union([Type.Literal('keyword'), Type.Literal('regex')]);
const Action = Type.Union([Type.Literal('allow'), Type.Literal('mask'), Type.Literal('refuse')]);
const Pattern = Type.String({ minLength: 1, maxLength: MAX_REGEX_SOURCE_LENGTH });
const RuleNote = Type.String({ maxLength: 200 });

export const FilterRuleSchema = Type.Object({
  id: Type.String(),
  pattern: Type.String(),
  kind: Type.String(),
  category: Type.String(),
  severity: Type.Integer(),
  note: NullableString,
  enabled: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type FilterRuleView = Static<typeof FilterRuleSchema>;

export const CreateFilterRuleBody = Type.Object({
  pattern: Pattern,
  kind: Kind,
  category: Category,
  severity: Severity,
  note: Type.Optional(RuleNote),
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateFilterRuleBody = Static<typeof CreateFilterRuleBody>;

export const UpdateFilterRuleBody = Type.Object(
  {
    pattern: Type.Optional(Pattern),
    kind: Type.Optional(Kind),
    category: Type.Optional(Category),
    severity: Type.Optional(Severity),
    note: Type.Optional(RuleNote),
  },
  { minProperties: 1 },
);
export type UpdateFilterRuleBody = Static<typeof UpdateFilterRuleBody>;

export const BlockPolicySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Type.String(),
  min_severity: Type.Integer(),
  action: Type.String(),
  safe_reply: Type.String(),
  priority: Type.Integer(),
  enabled: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type BlockPolicyView = Static<typeof BlockPolicySchema>;

const PolicyName = Type.String({ minLength: 1, maxLength: 80 });
const SafeReply = Type.String({ maxLength: 1000 });
const Priority = Type.Integer({ minimum: -1000, maximum: 1000 });

export const CreateBlockPolicyBody = Type.Object({
  name: PolicyName,
  category: PolicyCategory,
  min_severity: Severity,
  action: Action,
  safe_reply: Type.Optional(SafeReply),
  priority: Type.Optional(Priority),
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateBlockPolicyBody = Static<typeof CreateBlockPolicyBody>;

export const UpdateBlockPolicyBody = Type.Object(
  {
    name: Type.Optional(PolicyName),
    category: Type.Optional(PolicyCategory),
    min_severity: Type.Optional(Severity),
    action: Type.Optional(Action),
    safe_reply: Type.Optional(SafeReply),
    priority: Type.Optional(Priority),
  },
  { minProperties: 1 },
);
export type UpdateBlockPolicyBody = Static<typeof UpdateBlockPolicyBody>;

const MatchSchema = Type.Object({
  rule_id: Type.String(),
  category: Type.String(),
  severity: Type.Integer(),
  kind: Type.String(),
  start: Type.Integer(),
  end: Type.Integer(),
  matched_text: Type.String(),
});

const CaseStatus = Type.Union([Type.Literal('open'), Type.Literal('confirmed'), Type.Literal('dismissed')]);

export const ModerationCaseSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  thread_id: Type.String(),
  message_id: Type.String(),
  direction: Type.String(),
  disposition: Type.String(),
  action: Type.String(),
  policy_id: NullableString,
  categories: Type.Array(Type.String()),
  matches: Type.Array(MatchSchema),
  crisis: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  status: Type.String(),
  review_note: NullableString,
  reviewed_by: NullableString,
  reviewed_at: Type.Union([Instant, Type.Null()]),
  created_at: Instant,
  updated_at: Instant,
});
export type ModerationCaseView = Static<typeof ModerationCaseSchema>;

export const ModerationCaseQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(CaseStatus),
  user_id: Type.Optional(Type.String({ format: 'uuid' })),
  thread_id: Type.Optional(Type.String({ format: 'uuid' })),
});

export const ReviewCaseBody = Type.Object({
  status: CaseStatus,
  note: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type ReviewCaseBody = Static<typeof ReviewCaseBody>;

export const EvaluateBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: 8000 }) });

/** `evaluateMessage` as the console sees it: exactly what the live pipeline would decide for the text. */
export const SafetyEvaluationSchema = Type.Object({
  normalized: Type.String(),
  disposition: Type.String(),
  matches: Type.Array(MatchSchema),
  outcome: Type.Object({
    action: Type.String(),
    policy_id: NullableString,
    masked_text: NullableString,
    safe_reply: NullableString,
    reasons: Type.Array(
      Type.Object({
        policy_id: Type.String(),
        action: Type.String(),
        rule_id: Type.String(),
        category: Type.String(),
        severity: Type.Integer(),
        start: Type.Integer(),
        end: Type.Integer(),
        matched_text: Type.String(),
      }),
    ),
  }),
  crisis: Type.Object({
    is_crisis: Type.Boolean(),
    tier: Type.String(),
    first_person: Type.Boolean(),
    outcome: Type.String(),
    third_party_tier: Type.String(),
    policy_id: NullableString,
    matched_cues: Type.Array(
      Type.Object({
        policy_id: Type.String(),
        tier: Type.String(),
        cue: Type.String(),
        start: Type.Integer(),
        end: Type.Integer(),
        matched_text: Type.String(),
        stance: Type.String(),
      }),
    ),
  }),
});
export type SafetyEvaluationView = Static<typeof SafetyEvaluationSchema>;
