import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
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

/** Rows per multi-row insert: well under both dialects' bound-parameter limits. */
const INSERT_BATCH_SIZE = 100;

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

async function countRows(
  db: DbExecutor,
  table: 'safety_filter_rules' | 'safety_block_policies',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
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

export async function listFilterRulesPage(
  db: DbExecutor,
  limit: number,
  offset: number,
): Promise<{ rows: FilterRuleRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('safety_filter_rules')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(db, 'safety_filter_rules'),
  ]);
  return { rows, total };
}

export async function findFilterRule(db: DbExecutor, id: string): Promise<FilterRuleRecord | undefined> {
  return db.selectFrom('safety_filter_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts rows whose id is not taken yet; returns how many were new. */
export async function insertFilterRules(
  db: DbExecutor,
  rows: Insertable<SafetyFilterRulesTable>[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
    const result = await db
      .insertInto('safety_filter_rules')
      .values(rows.slice(start, start + INSERT_BATCH_SIZE))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

export async function updateFilterRule(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<FilterRuleRecord, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('safety_filter_rules').set(changes).where('id', '=', id).execute();
}

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

export async function listBlockPoliciesPage(
  db: DbExecutor,
  limit: number,
  offset: number,
): Promise<{ rows: BlockPolicyRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('safety_block_policies')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(db, 'safety_block_policies'),
  ]);
  return { rows, total };
}

export async function findBlockPolicy(db: DbExecutor, id: string): Promise<BlockPolicyRecord | undefined> {
  return db.selectFrom('safety_block_policies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBlockPolicies(
  db: DbExecutor,
  rows: Insertable<SafetyBlockPoliciesTable>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('safety_block_policies')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function updateBlockPolicy(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<BlockPolicyRecord, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('safety_block_policies').set(changes).where('id', '=', id).execute();
}

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
