import { Type } from '@sinclair/typebox';
import type { Insertable, Selectable } from 'kysely';
import { readJsonColumn } from '../ask/json-columns.ts';
import type {
  AskScene,
  KnowledgeChunk,
  SystemPromptTemplate,
} from '../ask/reply-engine/reply-engine.types.ts';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
import type {
  AiKnowledgeChunksTable,
  AiKnowledgeSourcesTable,
  AiSystemPromptsTable,
  AiToolsTable,
} from './ai-config.tables.ts';

export type SystemPromptRecord = Selectable<AiSystemPromptsTable>;
export type KnowledgeSourceRecord = Selectable<AiKnowledgeSourcesTable>;
export type KnowledgeChunkRecord = Selectable<AiKnowledgeChunksTable>;
export type AiToolRecord = Selectable<AiToolsTable>;

const TagList = Type.Array(Type.String());

export function readTags(record: KnowledgeChunkRecord): string[] {
  return readJsonColumn(record.tags_json, TagList, []);
}

export function toKnowledgeChunk(record: KnowledgeChunkRecord): KnowledgeChunk {
  return {
    id: record.id,
    source_id: record.source_id,
    scene: record.scene,
    title: record.title,
    content: record.content,
    tags: readTags(record),
    enabled: record.enabled === 1,
  };
}

export function toSystemPromptTemplate(record: SystemPromptRecord): SystemPromptTemplate {
  return { id: record.id, scene: record.scene, template: record.template, enabled: record.enabled === 1 };
}

/** Chunks the reply engine may cite: enabled, from an enabled source. */
export async function listUsableKnowledgeChunks(db: DbExecutor): Promise<KnowledgeChunk[]> {
  const rows = await db
    .selectFrom('ai_knowledge_chunks')
    .innerJoin('ai_knowledge_sources', 'ai_knowledge_sources.id', 'ai_knowledge_chunks.source_id')
    .selectAll('ai_knowledge_chunks')
    .where('ai_knowledge_chunks.enabled', '=', 1)
    .where('ai_knowledge_sources.enabled', '=', 1)
    .execute();
  return rows.map(toKnowledgeChunk);
}

export async function listEnabledSystemPrompts(db: DbExecutor): Promise<SystemPromptTemplate[]> {
  const rows = await db.selectFrom('ai_system_prompts').selectAll().where('enabled', '=', 1).execute();
  return rows.map(toSystemPromptTemplate);
}

// System prompts

const systemPromptRows = idTableRows('ai_system_prompts', ['created_at', 'id']);
export const listSystemPromptsPage = systemPromptRows.listPage;
export const findSystemPrompt = systemPromptRows.find;
export const insertSystemPrompts = systemPromptRows.insertNew;
export const updateSystemPrompt = systemPromptRows.update;

/** Enabled prompts of a scene other than `keepId` (a scene has one enabled prompt at a time). */
export async function listOtherEnabledPrompts(
  db: DbExecutor,
  scene: AskScene,
  keepId: string,
): Promise<SystemPromptRecord[]> {
  return db
    .selectFrom('ai_system_prompts')
    .selectAll()
    .where('scene', '=', scene)
    .where('enabled', '=', 1)
    .where('id', '!=', keepId)
    .execute();
}

// Knowledge sources

const knowledgeSourceRows = idTableRows('ai_knowledge_sources', ['created_at', 'id']);
export const listKnowledgeSourcesPage = knowledgeSourceRows.listPage;
export const findKnowledgeSource = knowledgeSourceRows.find;
export const insertKnowledgeSources = knowledgeSourceRows.insertNew;
export const updateKnowledgeSource = knowledgeSourceRows.update;

// Knowledge chunks

const knowledgeChunkRows = idTableRows('ai_knowledge_chunks', ['created_at', 'id']);
export const listKnowledgeChunksPage = knowledgeChunkRows.listPage;
export const findKnowledgeChunk = knowledgeChunkRows.find;
export const insertKnowledgeChunks = knowledgeChunkRows.insertNew;
export const updateKnowledgeChunk = knowledgeChunkRows.update;

// Tools

const aiToolRows = idTableRows('ai_tools', ['name']);
export const listAiToolsPage = aiToolRows.listPage;
export const findAiTool = aiToolRows.find;
export const updateAiTool = aiToolRows.update;

export async function listEnabledAiTools(db: DbExecutor): Promise<AiToolRecord[]> {
  return db.selectFrom('ai_tools').selectAll().where('enabled', '=', 1).orderBy('name').execute();
}

/**
 * Unlike the other catalogs this skips a row on any conflict, not only a taken id: a tool's name is unique too,
 * and the service reports a taken name from the 0 it gets back.
 */
export async function insertAiTools(db: DbExecutor, rows: Insertable<AiToolsTable>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('ai_tools')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
