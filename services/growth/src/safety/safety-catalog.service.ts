import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import {
  changeCatalogRow,
  recordCatalogChange,
  setCatalogRowEnabled,
  type CatalogTable,
} from '../ask/catalog-changes.ts';
import type { AdminCatalogService } from '../cms/admin-catalog.routes.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import type { BlockAction } from './block-policy.ts';
import { compileFilterRules } from './filter-matcher.ts';
import type { FilterRuleKind } from './filter-matcher.ts';
import {
  findBlockPolicy,
  findFilterRule,
  insertBlockPolicies,
  insertFilterRules,
  listBlockPoliciesPage,
  listFilterRulesPage,
  updateBlockPolicy,
  updateFilterRule,
  type BlockPolicyRecord,
  type FilterRuleRecord,
} from './safety-catalog.repository.ts';
import { toBlockPolicyView, toEvaluationView, toFilterRuleView } from './safety-catalog.mapper.ts';
import type {
  BlockPolicyView,
  CreateBlockPolicyBody,
  CreateFilterRuleBody,
  FilterRuleView,
  SafetyEvaluationView,
  UpdateBlockPolicyBody,
  UpdateFilterRuleBody,
} from './safety-catalog.schemas.ts';
import type { SafetyCompileCache } from './safety-compile-cache.ts';
import { evaluateMessage } from './safety-pipeline.ts';

export interface SafetyCatalogServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** The rows of each catalog as the audited row changes need them. */
const FILTER_RULES: CatalogTable<FilterRuleRecord, FilterRuleView> = {
  catalog: 'safety',
  label: 'filter rule',
  targetType: 'filter_rule',
  find: findFilterRule,
  update: updateFilterRule,
  toView: toFilterRuleView,
};
const BLOCK_POLICIES: CatalogTable<BlockPolicyRecord, BlockPolicyView> = {
  catalog: 'safety',
  label: 'block policy',
  targetType: 'block_policy',
  find: findBlockPolicy,
  update: updateBlockPolicy,
  toView: toBlockPolicyView,
};

/** A rule the matcher would skip is refused with its reason; the matcher's own compiler is the judge. */
function checkFilterRule(pattern: string, kind: FilterRuleKind, category: string, severity: number): void {
  const compiled = compileFilterRules([
    { id: 'candidate', pattern, kind, category, severity, enabled: true },
  ]);
  const issue = compiled.issues[0];
  if (issue) throw new AppError('VALIDATION_FAILED', `body.pattern "${pattern}" is refused: ${issue.reason}`);
}

/** Content-safety filter rules. Writes apply to the next message on every instance (catalog version bump). */
export class FilterRulesService implements AdminCatalogService<
  FilterRuleView,
  CreateFilterRuleBody,
  UpdateFilterRuleBody
> {
  constructor(private readonly options: SafetyCatalogServiceOptions) {}

  async list(page: PageQuery): Promise<Page<FilterRuleView>> {
    const { rows, total } = await listFilterRulesPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toFilterRuleView), total };
  }

  async get(id: string): Promise<FilterRuleView> {
    const record = await findFilterRule(this.options.db, id);
    if (!record) throw notFound('filter rule');
    return toFilterRuleView(record);
  }

  async create(actor: AdminActor, body: CreateFilterRuleBody): Promise<FilterRuleView> {
    checkFilterRule(body.pattern, body.kind, body.category, body.severity);
    const at = this.options.clock.now().toISOString();
    const record: FilterRuleRecord = {
      id: randomUUID(),
      pattern: body.pattern,
      kind: body.kind,
      category: body.category,
      severity: body.severity,
      note: body.note?.trim() || null,
      enabled: body.enabled === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    };
    return this.options.db.transaction().execute(async (trx) => {
      await insertFilterRules(trx, [record]);
      const view = toFilterRuleView(record);
      await recordCatalogChange(trx, 'safety', {
        actor,
        action: 'filter_rule.create',
        targetType: 'filter_rule',
        targetId: record.id,
        before: undefined,
        after: view,
        at,
      });
      return view;
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateFilterRuleBody): Promise<FilterRuleView> {
    const at = this.options.clock.now().toISOString();
    return changeCatalogRow(this.options.db, FILTER_RULES, {
      actor,
      id,
      at,
      action: 'update',
      changesOf: (before) => {
        const changes = {
          pattern: body.pattern ?? before.pattern,
          kind: body.kind ?? before.kind,
          category: body.category ?? before.category,
          severity: body.severity ?? before.severity,
          note: body.note === undefined ? before.note : body.note.trim() || null,
          updated_at: at,
        };
        checkFilterRule(changes.pattern, changes.kind, changes.category, changes.severity);
        return changes;
      },
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<FilterRuleView> {
    const at = this.options.clock.now().toISOString();
    return setCatalogRowEnabled(this.options.db, FILTER_RULES, { actor, id, at, enabled });
  }
}

/** A refusing policy must say something to the user instead of the answer. */
function checkSafeReply(action: BlockAction, safeReply: string): void {
  if (action === 'refuse' && safeReply.trim().length === 0) {
    throw new AppError('VALIDATION_FAILED', 'body.safe_reply is required when body.action is refuse');
  }
}

/** Block policies: which filter matches are allowed, masked or refused. */
export class BlockPoliciesService implements AdminCatalogService<
  BlockPolicyView,
  CreateBlockPolicyBody,
  UpdateBlockPolicyBody
> {
  constructor(private readonly options: SafetyCatalogServiceOptions) {}

  async list(page: PageQuery): Promise<Page<BlockPolicyView>> {
    const { rows, total } = await listBlockPoliciesPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toBlockPolicyView), total };
  }

  async get(id: string): Promise<BlockPolicyView> {
    const record = await findBlockPolicy(this.options.db, id);
    if (!record) throw notFound('block policy');
    return toBlockPolicyView(record);
  }

  async create(actor: AdminActor, body: CreateBlockPolicyBody): Promise<BlockPolicyView> {
    const safeReply = body.safe_reply?.trim() ?? '';
    checkSafeReply(body.action, safeReply);
    const at = this.options.clock.now().toISOString();
    const record: BlockPolicyRecord = {
      id: randomUUID(),
      name: body.name.trim(),
      category: body.category,
      min_severity: body.min_severity,
      action: body.action,
      safe_reply: safeReply,
      priority: body.priority ?? 0,
      enabled: body.enabled === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    };
    return this.options.db.transaction().execute(async (trx) => {
      await insertBlockPolicies(trx, [record]);
      const view = toBlockPolicyView(record);
      await recordCatalogChange(trx, 'safety', {
        actor,
        action: 'block_policy.create',
        targetType: 'block_policy',
        targetId: record.id,
        before: undefined,
        after: view,
        at,
      });
      return view;
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateBlockPolicyBody): Promise<BlockPolicyView> {
    const at = this.options.clock.now().toISOString();
    return changeCatalogRow(this.options.db, BLOCK_POLICIES, {
      actor,
      id,
      at,
      action: 'update',
      changesOf: (before) => {
        const changes = {
          name: body.name?.trim() ?? before.name,
          category: body.category ?? before.category,
          min_severity: body.min_severity ?? before.min_severity,
          action: body.action ?? before.action,
          safe_reply: body.safe_reply?.trim() ?? before.safe_reply,
          priority: body.priority ?? before.priority,
          updated_at: at,
        };
        checkSafeReply(changes.action, changes.safe_reply);
        return changes;
      },
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<BlockPolicyView> {
    const at = this.options.clock.now().toISOString();
    return setCatalogRowEnabled(this.options.db, BLOCK_POLICIES, { actor, id, at, enabled });
  }
}

/** The console's preview: the live configuration through `evaluateMessage`, writing nothing. */
export class SafetyPreviewService {
  constructor(private readonly cache: SafetyCompileCache) {}

  async evaluate(text: string): Promise<SafetyEvaluationView> {
    return toEvaluationView(evaluateMessage(text, await this.cache.current()));
  }
}
