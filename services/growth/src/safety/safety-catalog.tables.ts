import type { BlockAction } from './block-policy.ts';
import type { FilterRuleKind } from './filter-matcher.ts';
import type { SafetyDisposition } from './safety-pipeline.ts';

/** Operator-owned content-safety configuration (seeded from `seed/`) and the moderation queue it feeds. */
export interface SafetyFilterRulesTable {
  id: string;
  pattern: string;
  kind: FilterRuleKind;
  category: string;
  severity: number;
  note: string | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface SafetyBlockPoliciesTable {
  id: string;
  name: string;
  category: string;
  min_severity: number;
  action: BlockAction;
  safe_reply: string;
  priority: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export type ModerationCaseStatus = 'open' | 'confirmed' | 'dismissed';

export interface ModerationCasesTable {
  id: string;
  user_id: string;
  thread_id: string;
  message_id: string;
  direction: 'input' | 'output';
  disposition: SafetyDisposition;
  action: BlockAction;
  policy_id: string | null;
  /** Comma-separated categories of the matches, for filtering and display. */
  categories: string;
  /** Matches with their spans; matched text of personal-data categories is not kept. */
  matches_json: string;
  crisis_json: string | null;
  status: ModerationCaseStatus;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SafetyCatalogTables {
  safety_filter_rules: SafetyFilterRulesTable;
  safety_block_policies: SafetyBlockPoliciesTable;
  moderation_cases: ModerationCasesTable;
}
