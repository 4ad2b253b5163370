import type { DbExecutor } from '../db/database.ts';
import { stableUuid } from '../scales/stable-uuid.ts';
import { insertBlockPolicies, insertFilterRules } from './safety-catalog.repository.ts';
import { SEED_BLOCK_POLICIES } from './seed/block-policies.seed.ts';
import { SEED_FILTER_RULES } from './seed/filter-rules.seed.ts';

export function seededFilterRuleId(key: string): string {
  return stableUuid(`safety-filter-rule:${key}`);
}
export function seededBlockPolicyId(key: string): string {
  return stableUuid(`safety-block-policy:${key}`);
}

/**
 * Inserts the shipped filter rules and block policies that are missing (by name-based id); operators' edits of
 * existing rows are kept. Returns how many rows were new.
 */
export async function seedSafetyCatalog(db: DbExecutor, at: string): Promise<number> {
  const rules = await insertFilterRules(
    db,
    SEED_FILTER_RULES.map((rule) => ({
      id: seededFilterRuleId(rule.id),
      pattern: rule.pattern,
      kind: rule.kind,
      category: rule.category,
      severity: rule.severity,
      note: `seed:${rule.id}`,
      enabled: rule.enabled ? 1 : 0,
      created_at: at,
      updated_at: at,
    })),
  );
  const policies = await insertBlockPolicies(
    db,
    SEED_BLOCK_POLICIES.map((policy) => ({
      id: seededBlockPolicyId(policy.id),
      name: policy.name,
      category: policy.category,
      min_severity: policy.min_severity,
      action: policy.action,
      safe_reply: policy.safe_reply,
      priority: policy.priority,
      enabled: policy.enabled ? 1 : 0,
      created_at: at,
      updated_at: at,
    })),
  );
  return rules + policies;
}
