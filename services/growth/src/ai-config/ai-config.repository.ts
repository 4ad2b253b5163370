import { Type } from '@sinclair/typebox';
import type { Insertable, Selectable } from 'kysely';
import { readJsonColumn } from '../ask/json-columns.ts';
import type {
  AskScene,
  KnowledgeChunk,
  SystemPromptTemplate,
} from '../ask/reply-engine/reply-engine.types.ts';
import type { DbExecutor } from '../db/database.ts';
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

type CatalogTable = 'ai_system_prompts' | 'ai_knowledge_sources' | 'ai_knowledge_chunks' | 'ai_tools';

/** Rows per multi-row insert: well under both dialects' bound-parameter limits. */
const INSERT_BATCH_SIZE = 100;
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

async function countRows(db: DbExecutor, table: CatalogTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
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

export async function listSystemPromptsPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('ai_system_prompts')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(db, 'ai_system_prompts'),
  ]);
  return { rows, total };
}

export async function findSystemPrompt(db: DbExecutor, id: string): Promise<SystemPromptRecord | undefined> {
  return db.selectFrom('ai_system_prompts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSystemPrompts(
  db: DbExecutor,
  rows: Insertable<AiSystemPromptsTable>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('ai_system_prompts')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function updateSystemPrompt(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<SystemPromptRecord, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('ai_system_prompts').set(changes).where('id', '=', id).execute();
}

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

export async function listKnowledgeSourcesPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('ai_knowledge_sources')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(db, 'ai_knowledge_sources'),
  ]);
  return { rows, total };
}

export async function findKnowledgeSource(
  db: DbExecutor,
  id: string,
): Promise<KnowledgeSourceRecord | undefined> {
  return db.selectFrom('ai_knowledge_sources').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertKnowledgeSources(
  db: DbExecutor,
  rows: Insertable<AiKnowledgeSourcesTable>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('ai_knowledge_sources')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function updateKnowledgeSource(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<KnowledgeSourceRecord, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('ai_knowledge_sources').set(changes).where('id', '=', id).execute();
}

// Knowledge chunks

export async function listKnowledgeChunksPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('ai_knowledge_chunks')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(db, 'ai_knowledge_chunks'),
  ]);
  return { rows, total };
}

export async function findKnowledgeChunk(
  db: DbExecutor,
  id: string,
): Promise<KnowledgeChunkRecord | undefined> {
  return db.selectFrom('ai_knowledge_chunks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertKnowledgeChunks(
  db: DbExecutor,
  rows: Insertable<AiKnowledgeChunksTable>[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
    const result = await db
      .insertInto('ai_knowledge_chunks')
      .values(rows.slice(start, start + INSERT_BATCH_SIZE))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

export async function updateKnowledgeChunk(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<KnowledgeChunkRecord, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('ai_knowledge_chunks').set(changes).where('id', '=', id).execute();
}

// Tools

export async function listAiToolsPage(db: DbExecutor, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db.selectFrom('ai_tools').selectAll().orderBy('name').limit(limit).offset(offset).execute(),
    countRows(db, 'ai_tools'),
  ]);
  return { rows, total };
}

export async function findAiTool(db: DbExecutor, id: string): Promise<AiToolRecord | undefined> {
  return db.selectFrom('ai_tools').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listEnabledAiTools(db: DbExecutor): Promise<AiToolRecord[]> {
  return db.selectFrom('ai_tools').selectAll().where('enabled', '=', 1).orderBy('name').execute();
}

export async function insertAiTools(db: DbExecutor, rows: Insertable<AiToolsTable>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('ai_tools')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function updateAiTool(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<AiToolRecord, 'id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('ai_tools').set(changes).where('id', '=', id).execute();
}
