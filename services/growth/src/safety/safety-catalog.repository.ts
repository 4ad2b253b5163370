import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
import type { BlockPolicy } from './block-policy.ts';
import type { FilterRule } from './filter-matcher.ts';
import type {
  ModerationCaseStatus,
  ModerationCasesTable,
  SafetyBlockPoliciesTable,
  SafetyFilterRulesTable,
} from './safety-catalog.tables.ts';

export type FilterRuleRecord = Selectable<SafetyFilterRulesTable>;
export type BlockPolicyRecord = Selectable<SafetyBlockPoliciesTable>;
export type ModerationCaseRecord = Selectable<ModerationCasesTable>;

export function toFilterRule(record: FilterRuleRecord): FilterRule {
  return {
    id: record.id,
    pattern: record.pattern,
    kind: record.kind,
    category: record.category,
    severity: record.severity,
    enabled: record.enabled === 1,
  };
}

export function toBlockPolicy(record: BlockPolicyRecord): BlockPolicy {
  return {
    id: record.id,
    name: record.name,
    category: record.category,
    min_severity: record.min_severity,
    action: record.action,
    safe_reply: record.safe_reply,
    enabled: record.enabled === 1,
    priority: record.priority,
  };
}

// Filter rules

export async function listEnabledFilterRules(db: DbExecutor): Promise<FilterRule[]> {
  const rows = await db
    .selectFrom('safety_filter_rules')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toFilterRule);
}

const filterRuleRows = idTableRows('safety_filter_rules', ['created_at', 'id']);
export const listFilterRulesPage = filterRuleRows.listPage;
export const findFilterRule = filterRuleRows.find;
export const insertFilterRules = filterRuleRows.insertNew;
export const updateFilterRule = filterRuleRows.update;

// Block policies

export async function listEnabledBlockPolicies(db: DbExecutor): Promise<BlockPolicy[]> {
  const rows = await db
    .selectFrom('safety_block_policies')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toBlockPolicy);
}

const blockPolicyRows = idTableRows('safety_block_policies', ['created_at', 'id']);
export const listBlockPoliciesPage = blockPolicyRows.listPage;
export const findBlockPolicy = blockPolicyRows.find;
export const insertBlockPolicies = blockPolicyRows.insertNew;
export const updateBlockPolicy = blockPolicyRows.update;

// Moderation cases

export async function insertModerationCase(db: DbExecutor, row: ModerationCaseRecord): Promise<void> {
  await db.insertInto('moderation_cases').values(row).execute();
}

export interface ModerationCaseFilter {
  status?: ModerationCaseStatus | undefined;
  userId?: string | undefined;
  threadId?: string | undefined;
}

export async function listModerationCasesPage(
  db: DbExecutor,
  filter: ModerationCaseFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ModerationCaseRecord[]; total: number }> {
  let query = db.selectFrom('moderation_cases');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  if (filter.threadId) query = query.where('thread_id', '=', filter.threadId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findModerationCase(
  db: DbExecutor,
  id: string,
): Promise<ModerationCaseRecord | undefined> {
  return db.selectFrom('moderation_cases').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Compare-and-set on the status, so two reviewers cannot both move a case from the same state. */
export async function updateModerationCaseStatus(
  db: DbExecutor,
  id: string,
  expected: ModerationCaseStatus,
  changes: Pick<
    ModerationCaseRecord,
    'status' | 'review_note' | 'reviewed_by' | 'reviewed_at' | 'updated_at'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('moderation_cases')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
