import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { AdminCatalogService } from '../cms/admin-catalog.routes.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import { describeInvalidTarget, isToolKind, type ToolKind } from './explore-tool-targets.ts';
import { buildCatalogTree, toAdminExploreNode } from './explore.mapper.ts';
import {
  findNodeById,
  insertNode,
  listEnabledNodes,
  listNodesPage,
  maxChildSort,
  scaleSlugExists,
  updateNode,
  type ExploreNodeRecord,
} from './explore.repository.ts';
import type {
  AdminExploreNode,
  CreateExploreNodeBody,
  ExploreCategory,
  UpdateExploreNodeBody,
} from './explore.schemas.ts';
import type { ExploreLevel } from './explore.tables.ts';

const SORT_STEP = 10;
const TOOL_LEVEL = 3;

export interface ExploreServiceOptions {
  db: GrowthDb;
  clock: Clock;
  /** Slugs users can open right now; tools pointing at other scales are hidden from the public catalog. */
  listPublishedScaleSlugs: () => Promise<string[]>;
  /** The image-card feature's scene check; without it image-card targets are checked for shape only. */
  isKnownImageCardScene?: (scene: string) => boolean;
}

export class ExploreService implements AdminCatalogService<
  AdminExploreNode,
  CreateExploreNodeBody,
  UpdateExploreNodeBody
> {
  constructor(private readonly options: ExploreServiceOptions) {}

  async catalog(): Promise<ExploreCategory[]> {
    const [nodes, slugs] = await Promise.all([
      listEnabledNodes(this.options.db),
      this.options.listPublishedScaleSlugs(),
    ]);
    const published = new Set(slugs);
    return buildCatalogTree(nodes, (tool) => tool.kind !== 'scale' || published.has(tool.target ?? ''));
  }

  async category(key: string): Promise<ExploreCategory> {
    const category = (await this.catalog()).find((candidate) => candidate.key === key);
    if (!category) throw notFound('category');
    return category;
  }

  async list(page: PageQuery): Promise<Page<AdminExploreNode>> {
    const { rows, total } = await listNodesPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toAdminExploreNode), total };
  }

  async get(id: string): Promise<AdminExploreNode> {
    const node = await findNodeById(this.options.db, id);
    if (!node) throw notFound('explore node');
    return toAdminExploreNode(node);
  }

  async create(actor: AdminActor, body: CreateExploreNodeBody): Promise<AdminExploreNode> {
    const at = this.options.clock.now().toISOString();
    try {
      return await this.options.db.transaction().execute(async (trx) => {
        const parent = body.parent_id === undefined ? null : await findNodeById(trx, body.parent_id);
        if (parent === undefined) throw invalid('body.parent_id', 'names no catalog node');
        if (parent && parent.level >= TOOL_LEVEL)
          throw invalid('body.parent_id', 'is a tool; tools have no children');
        const level = childLevel(parent);
        const { kind, target } = await checkToolFields(
          trx,
          level,
          body.kind,
          body.target,
          this.options.isKnownImageCardScene,
        );
        const node: ExploreNodeRecord = {
          id: randomUUID(),
          key: body.key,
          parent_id: parent?.id ?? null,
          level,
          title: body.title,
          kind,
          target,
          sort: body.sort ?? (await maxChildSort(trx, parent?.id ?? null)) + SORT_STEP,
          enabled: body.enabled === false ? 0 : 1,
          created_at: at,
          updated_at: at,
        };
        await insertNode(trx, node);
        await audit(trx, actor, 'explore_node.create', node.id, undefined, toAdminExploreNode(node), at);
        return toAdminExploreNode(node);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `body.key is taken: ${body.key}`);
      throw error;
    }
  }

  async update(actor: AdminActor, id: string, body: UpdateExploreNodeBody): Promise<AdminExploreNode> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findNodeById(trx, id);
      if (!before) throw notFound('explore node');
      const { kind, target } = await checkToolFields(
        trx,
        before.level,
        body.kind ?? (before.kind !== null && isToolKind(before.kind) ? before.kind : undefined),
        body.target ?? before.target ?? undefined,
        this.options.isKnownImageCardScene,
      );
      const after: ExploreNodeRecord = {
        ...before,
        title: body.title,
        sort: body.sort ?? before.sort,
        kind,
        target,
        updated_at: at,
      };
      await updateNode(trx, id, { title: after.title, sort: after.sort, kind, target, updated_at: at });
      await audit(
        trx,
        actor,
        'explore_node.update',
        id,
        toAdminExploreNode(before),
        toAdminExploreNode(after),
        at,
      );
      return toAdminExploreNode(after);
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<AdminExploreNode> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findNodeById(trx, id);
      if (!before) throw notFound('explore node');
      const after: ExploreNodeRecord = { ...before, enabled: enabled ? 1 : 0, updated_at: at };
      await updateNode(trx, id, { enabled: after.enabled, updated_at: at });
      await audit(
        trx,
        actor,
        enabled ? 'explore_node.enable' : 'explore_node.disable',
        id,
        { enabled: before.enabled === 1 },
        { enabled },
        at,
      );
      return toAdminExploreNode(after);
    });
  }
}

function childLevel(parent: ExploreNodeRecord | null): ExploreLevel {
  if (!parent) return 1;
  return parent.level === 1 ? 2 : 3;
}

function invalid(field: string, reason: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field} ${reason}`);
}

/** Tools (L3) need a kind and a target that names something real; categories and groups carry neither. */
async function checkToolFields(
  db: DbExecutor,
  level: ExploreLevel,
  kind: ToolKind | undefined,
  target: string | undefined,
  isKnownScene: ((scene: string) => boolean) | undefined,
): Promise<{ kind: string | null; target: string | null }> {
  if (level !== TOOL_LEVEL) {
    if (kind !== undefined) throw invalid('body.kind', 'applies to tools (level 3) only');
    if (target !== undefined) throw invalid('body.target', 'applies to tools (level 3) only');
    return { kind: null, target: null };
  }
  if (kind === undefined) throw invalid('body.kind', 'is required for a tool');
  if (target === undefined) throw invalid('body.target', 'is required for a tool');
  const reason = describeInvalidTarget(kind, target, isKnownScene);
  if (reason) throw invalid('body.target', reason);
  if (kind === 'scale' && !(await scaleSlugExists(db, target)))
    throw invalid('body.target', 'names no scale');
  return { kind, target };
}

async function audit(
  db: DbExecutor,
  actor: AdminActor,
  action: string,
  targetId: string,
  before: unknown,
  after: unknown,
  at: string,
): Promise<void> {
  await recordAudit(db, {
    adminId: actor.adminId,
    action,
    targetType: 'explore_node',
    targetId,
    before,
    after,
    clientAddress: actor.clientAddress,
    at,
  });
}
