import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import {
  changeCatalogRow,
  recordCatalogChange,
  setCatalogRowEnabled,
  type CatalogTable,
} from '../ask/catalog-changes.ts';
import { isPlainObject } from '../ask/json-columns.ts';
import type { AdminCatalogService } from '../cms/admin-catalog.routes.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import {
  findAiTool,
  findKnowledgeChunk,
  findKnowledgeSource,
  findSystemPrompt,
  insertAiTools,
  insertKnowledgeChunks,
  insertKnowledgeSources,
  insertSystemPrompts,
  listAiToolsPage,
  listKnowledgeChunksPage,
  listKnowledgeSourcesPage,
  listOtherEnabledPrompts,
  listSystemPromptsPage,
  updateAiTool,
  updateKnowledgeChunk,
  updateKnowledgeSource,
  updateSystemPrompt,
  type AiToolRecord,
  type KnowledgeChunkRecord,
  type KnowledgeSourceRecord,
  type SystemPromptRecord,
} from './ai-config.repository.ts';
import {
  toAiToolView,
  toKnowledgeChunkView,
  toKnowledgeSourceView,
  toSystemPromptView,
} from './ai-config.mapper.ts';
import type {
  AiToolView,
  CreateAiToolBody,
  CreateKnowledgeChunkBody,
  CreateKnowledgeSourceBody,
  CreateSystemPromptBody,
  KnowledgeChunkView,
  KnowledgeSourceView,
  SystemPromptView,
  UpdateAiToolBody,
  UpdateKnowledgeChunkBody,
  UpdateKnowledgeSourceBody,
  UpdateSystemPromptBody,
} from './ai-config.schemas.ts';

export interface AiConfigServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** The rows of each catalog as the audited row changes need them. */
const KNOWLEDGE_SOURCES: CatalogTable<KnowledgeSourceRecord, KnowledgeSourceView> = {
  catalog: 'knowledge',
  label: 'knowledge source',
  targetType: 'knowledge_source',
  find: findKnowledgeSource,
  update: updateKnowledgeSource,
  toView: toKnowledgeSourceView,
};
const KNOWLEDGE_CHUNKS: CatalogTable<KnowledgeChunkRecord, KnowledgeChunkView> = {
  catalog: 'knowledge',
  label: 'knowledge chunk',
  targetType: 'knowledge_chunk',
  find: findKnowledgeChunk,
  update: updateKnowledgeChunk,
  toView: toKnowledgeChunkView,
};
const AI_TOOLS: CatalogTable<AiToolRecord, AiToolView> = {
  catalog: 'tools',
  label: 'tool',
  targetType: 'ai_tool',
  find: findAiTool,
  update: updateAiTool,
  toView: toAiToolView,
};

/** Placeholders the prompt renderer fills; any other would silently render empty, so it is refused. */
export const PROMPT_PLACEHOLDERS = [
  'display_name',
  'sun_sign',
  'moon_sign',
  'ascendant_sign',
  'scene_label',
  'scene',
  'topic',
] as const;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

function checkTemplate(template: string): string {
  const text = template.trim();
  if (text.length === 0) throw new AppError('VALIDATION_FAILED', 'body.template must not be blank');
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!(PROMPT_PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body.template uses unknown placeholder {{${match[1] ?? ''}}}; known: ${PROMPT_PLACEHOLDERS.join(', ')}`,
      );
    }
  }
  return text;
}

/** System prompts per scene. A scene has at most one enabled prompt: enabling one disables the others. */
export class SystemPromptsService implements AdminCatalogService<
  SystemPromptView,
  CreateSystemPromptBody,
  UpdateSystemPromptBody
> {
  constructor(private readonly options: AiConfigServiceOptions) {}

  async list(page: PageQuery): Promise<Page<SystemPromptView>> {
    const { rows, total } = await listSystemPromptsPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toSystemPromptView), total };
  }

  async get(id: string): Promise<SystemPromptView> {
    const record = await findSystemPrompt(this.options.db, id);
    if (!record) throw notFound('system prompt');
    return toSystemPromptView(record);
  }

  async create(actor: AdminActor, body: CreateSystemPromptBody): Promise<SystemPromptView> {
    const template = checkTemplate(body.template);
    const at = this.options.clock.now().toISOString();
    const record: SystemPromptRecord = {
      id: randomUUID(),
      scene: body.scene,
      name: body.name.trim(),
      template,
      enabled: body.enabled === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    };
    return this.options.db.transaction().execute(async (trx) => {
      await insertSystemPrompts(trx, [record]);
      const disabled = record.enabled === 1 ? await this.disableOthers(trx, record, at) : [];
      const view = toSystemPromptView(record);
      await recordCatalogChange(trx, 'prompts', {
        actor,
        action: 'system_prompt.create',
        targetType: 'system_prompt',
        targetId: record.id,
        before: undefined,
        after: { ...view, disabled_prompt_ids: disabled },
        at,
      });
      return view;
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateSystemPromptBody): Promise<SystemPromptView> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findSystemPrompt(trx, id);
      if (!before) throw notFound('system prompt');
      const changes = {
        scene: body.scene ?? before.scene,
        name: body.name?.trim() ?? before.name,
        template: body.template === undefined ? before.template : checkTemplate(body.template),
        updated_at: at,
      };
      await updateSystemPrompt(trx, id, changes);
      const record = { ...before, ...changes };
      const disabled = record.enabled === 1 ? await this.disableOthers(trx, record, at) : [];
      const after = toSystemPromptView(record);
      await recordCatalogChange(trx, 'prompts', {
        actor,
        action: 'system_prompt.update',
        targetType: 'system_prompt',
        targetId: id,
        before: toSystemPromptView(before),
        after: { ...after, disabled_prompt_ids: disabled },
        at,
      });
      return after;
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<SystemPromptView> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findSystemPrompt(trx, id);
      if (!before) throw notFound('system prompt');
      const changes = { enabled: enabled ? 1 : 0, updated_at: at };
      await updateSystemPrompt(trx, id, changes);
      const record = { ...before, ...changes };
      const disabled = enabled ? await this.disableOthers(trx, record, at) : [];
      const after = toSystemPromptView(record);
      await recordCatalogChange(trx, 'prompts', {
        actor,
        action: enabled ? 'system_prompt.enable' : 'system_prompt.disable',
        targetType: 'system_prompt',
        targetId: id,
        before: toSystemPromptView(before),
        after: { ...after, disabled_prompt_ids: disabled },
        at,
      });
      return after;
    });
  }

  private async disableOthers(db: DbExecutor, keep: SystemPromptRecord, at: string): Promise<string[]> {
    const others = await listOtherEnabledPrompts(db, keep.scene, keep.id);
    for (const other of others) await updateSystemPrompt(db, other.id, { enabled: 0, updated_at: at });
    return others.map((other) => other.id);
  }
}

/** Knowledge sources. Disabling a source takes all its chunks out of retrieval. */
export class KnowledgeSourcesService implements AdminCatalogService<
  KnowledgeSourceView,
  CreateKnowledgeSourceBody,
  UpdateKnowledgeSourceBody
> {
  constructor(private readonly options: AiConfigServiceOptions) {}

  async list(page: PageQuery): Promise<Page<KnowledgeSourceView>> {
    const { rows, total } = await listKnowledgeSourcesPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toKnowledgeSourceView), total };
  }

  async get(id: string): Promise<KnowledgeSourceView> {
    const record = await findKnowledgeSource(this.options.db, id);
    if (!record) throw notFound('knowledge source');
    return toKnowledgeSourceView(record);
  }

  async create(actor: AdminActor, body: CreateKnowledgeSourceBody): Promise<KnowledgeSourceView> {
    const at = this.options.clock.now().toISOString();
    const record: KnowledgeSourceRecord = {
      id: randomUUID(),
      name: body.name.trim(),
      description: body.description?.trim() ?? '',
      enabled: body.enabled === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    };
    return this.options.db.transaction().execute(async (trx) => {
      await insertKnowledgeSources(trx, [record]);
      const view = toKnowledgeSourceView(record);
      await recordCatalogChange(trx, 'knowledge', {
        actor,
        action: 'knowledge_source.create',
        targetType: 'knowledge_source',
        targetId: record.id,
        before: undefined,
        after: view,
        at,
      });
      return view;
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateKnowledgeSourceBody): Promise<KnowledgeSourceView> {
    const at = this.options.clock.now().toISOString();
    return changeCatalogRow(this.options.db, KNOWLEDGE_SOURCES, {
      actor,
      id,
      at,
      action: 'update',
      changesOf: (before) => ({
        name: body.name?.trim() ?? before.name,
        description: body.description?.trim() ?? before.description,
        updated_at: at,
      }),
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<KnowledgeSourceView> {
    const at = this.options.clock.now().toISOString();
    return setCatalogRowEnabled(this.options.db, KNOWLEDGE_SOURCES, { actor, id, at, enabled });
  }
}

function cleanTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter((tag) => tag.length > 0))];
}

/** Knowledge chunks the reply engine retrieves and cites. */
export class KnowledgeChunksService implements AdminCatalogService<
  KnowledgeChunkView,
  CreateKnowledgeChunkBody,
  UpdateKnowledgeChunkBody
> {
  constructor(private readonly options: AiConfigServiceOptions) {}

  async list(page: PageQuery): Promise<Page<KnowledgeChunkView>> {
    const { rows, total } = await listKnowledgeChunksPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toKnowledgeChunkView), total };
  }

  async get(id: string): Promise<KnowledgeChunkView> {
    const record = await findKnowledgeChunk(this.options.db, id);
    if (!record) throw notFound('knowledge chunk');
    return toKnowledgeChunkView(record);
  }

  async create(actor: AdminActor, body: CreateKnowledgeChunkBody): Promise<KnowledgeChunkView> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      await this.checkSource(trx, body.source_id);
      const record: KnowledgeChunkRecord = {
        id: randomUUID(),
        source_id: body.source_id,
        scene: body.scene,
        title: body.title.trim(),
        content: body.content.trim(),
        tags_json: JSON.stringify(cleanTags(body.tags)),
        enabled: body.enabled === false ? 0 : 1,
        created_at: at,
        updated_at: at,
      };
      await insertKnowledgeChunks(trx, [record]);
      const view = toKnowledgeChunkView(record);
      await recordCatalogChange(trx, 'knowledge', {
        actor,
        action: 'knowledge_chunk.create',
        targetType: 'knowledge_chunk',
        targetId: record.id,
        before: undefined,
        after: view,
        at,
      });
      return view;
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateKnowledgeChunkBody): Promise<KnowledgeChunkView> {
    const at = this.options.clock.now().toISOString();
    return changeCatalogRow(this.options.db, KNOWLEDGE_CHUNKS, {
      actor,
      id,
      at,
      action: 'update',
      changesOf: async (before, trx) => {
        if (body.source_id !== undefined) await this.checkSource(trx, body.source_id);
        return {
          source_id: body.source_id ?? before.source_id,
          scene: body.scene ?? before.scene,
          title: body.title?.trim() ?? before.title,
          content: body.content?.trim() ?? before.content,
          tags_json: body.tags === undefined ? before.tags_json : JSON.stringify(cleanTags(body.tags)),
          updated_at: at,
        };
      },
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<KnowledgeChunkView> {
    const at = this.options.clock.now().toISOString();
    return setCatalogRowEnabled(this.options.db, KNOWLEDGE_CHUNKS, { actor, id, at, enabled });
  }

  private async checkSource(db: DbExecutor, sourceId: string): Promise<void> {
    if (!(await findKnowledgeSource(db, sourceId))) {
      throw new AppError('VALIDATION_FAILED', 'body.source_id names no knowledge source');
    }
  }
}

/** Function-calling APIs take an object schema for the arguments. */
function checkParameters(parameters: Record<string, unknown>): Record<string, unknown> {
  if (parameters.type !== 'object') {
    throw new AppError('VALIDATION_FAILED', 'body.parameters must be an object schema ("type": "object")');
  }
  if (parameters.properties !== undefined && !isPlainObject(parameters.properties)) {
    throw new AppError('VALIDATION_FAILED', 'body.parameters.properties must be an object');
  }
  if (parameters.required !== undefined) {
    const required = parameters.required;
    if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) {
      throw new AppError('VALIDATION_FAILED', 'body.parameters.required must be an array of property names');
    }
  }
  return parameters;
}

/** Tool definitions a function-calling model may be offered. */
export class AiToolsService implements AdminCatalogService<AiToolView, CreateAiToolBody, UpdateAiToolBody> {
  constructor(private readonly options: AiConfigServiceOptions) {}

  async list(page: PageQuery): Promise<Page<AiToolView>> {
    const { rows, total } = await listAiToolsPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toAiToolView), total };
  }

  async get(id: string): Promise<AiToolView> {
    const record = await findAiTool(this.options.db, id);
    if (!record) throw notFound('tool');
    return toAiToolView(record);
  }

  async create(actor: AdminActor, body: CreateAiToolBody): Promise<AiToolView> {
    const parameters = checkParameters(body.parameters);
    const at = this.options.clock.now().toISOString();
    const record: AiToolRecord = {
      id: randomUUID(),
      name: body.name,
      description: body.description.trim(),
      parameters_json: JSON.stringify(parameters),
      enabled: body.enabled === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    };
    return this.withNameConflict(body.name, () =>
      this.options.db.transaction().execute(async (trx) => {
        if ((await insertAiTools(trx, [record])) === 0) throw nameTaken(body.name);
        const view = toAiToolView(record);
        await recordCatalogChange(trx, 'tools', {
          actor,
          action: 'ai_tool.create',
          targetType: 'ai_tool',
          targetId: record.id,
          before: undefined,
          after: view,
          at,
        });
        return view;
      }),
    );
  }

  async update(actor: AdminActor, id: string, body: UpdateAiToolBody): Promise<AiToolView> {
    const at = this.options.clock.now().toISOString();
    return this.withNameConflict(body.name ?? '', () =>
      changeCatalogRow(this.options.db, AI_TOOLS, {
        actor,
        id,
        at,
        action: 'update',
        changesOf: (before) => ({
          name: body.name ?? before.name,
          description: body.description?.trim() ?? before.description,
          parameters_json:
            body.parameters === undefined
              ? before.parameters_json
              : JSON.stringify(checkParameters(body.parameters)),
          updated_at: at,
        }),
      }),
    );
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<AiToolView> {
    const at = this.options.clock.now().toISOString();
    return setCatalogRowEnabled(this.options.db, AI_TOOLS, { actor, id, at, enabled });
  }

  private async withNameConflict<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }
}

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', `body.name is taken: ${name}`);
}
