import type { Insertable } from 'kysely';
import { SEED_KNOWLEDGE_CHUNKS } from '../ask/reply-engine/seed/knowledge-seed.ts';
import { SEED_KNOWLEDGE_SOURCES } from '../ask/reply-engine/seed/knowledge-sources.ts';
import { SEED_SYSTEM_PROMPTS } from '../ask/reply-engine/seed/system-prompts.ts';
import type { AskScene } from '../ask/reply-engine/reply-engine.types.ts';
import type { DbExecutor } from '../db/database.ts';
import { stableUuid } from '../scales/stable-uuid.ts';
import {
  insertAiTools,
  insertKnowledgeChunks,
  insertKnowledgeSources,
  insertSystemPrompts,
} from './ai-config.repository.ts';
import type { AiKnowledgeChunksTable } from './ai-config.tables.ts';
import { SEED_AI_TOOLS } from './ai-tools.seed.ts';

const SCENE_NAMES: Record<AskScene, string> = {
  self: '自我探索',
  relation: '关系',
  career: '职业与学业',
  emotion: '情绪',
  life: '生活',
};

/** Seeded rows get name-based ids, so every database (and every re-seed) gives a seed row the same id. */
export function seededPromptId(key: string): string {
  return stableUuid(`ai-system-prompt:${key}`);
}
export function seededSourceId(key: string): string {
  return stableUuid(`ai-knowledge-source:${key}`);
}
export function seededChunkId(key: string): string {
  return stableUuid(`ai-knowledge-chunk:${key}`);
}
export function seededToolId(key: string): string {
  return stableUuid(`ai-tool:${key}`);
}

export interface AiConfigSeedResult {
  prompts: number;
  knowledge: number;
  tools: number;
}

/**
 * Inserts the shipped prompts, knowledge and tools that are missing; rows that exist are left as operators made
 * them (there is no delete, only disable, so a seed row never comes back against an operator's will).
 */
export async function seedAiConfig(db: DbExecutor, at: string): Promise<AiConfigSeedResult> {
  const prompts = await insertSystemPrompts(
    db,
    SEED_SYSTEM_PROMPTS.map((prompt) => ({
      id: seededPromptId(prompt.id),
      scene: prompt.scene,
      name: `${SCENE_NAMES[prompt.scene]}场景系统提示词`,
      template: prompt.template,
      enabled: prompt.enabled ? 1 : 0,
      created_at: at,
      updated_at: at,
    })),
  );
  const sources = await insertKnowledgeSources(
    db,
    SEED_KNOWLEDGE_SOURCES.map((source) => ({
      id: seededSourceId(source.id),
      name: source.name,
      description: source.description,
      enabled: source.enabled ? 1 : 0,
      created_at: at,
      updated_at: at,
    })),
  );
  const chunkRows: Insertable<AiKnowledgeChunksTable>[] = SEED_KNOWLEDGE_CHUNKS.map((chunk) => ({
    id: seededChunkId(chunk.id),
    source_id: seededSourceId(chunk.source_id),
    scene: chunk.scene,
    title: chunk.title,
    content: chunk.content,
    tags_json: JSON.stringify(chunk.tags),
    enabled: chunk.enabled ? 1 : 0,
    created_at: at,
    updated_at: at,
  }));
  const chunks = await insertKnowledgeChunks(db, chunkRows);
  const tools = await insertAiTools(
    db,
    SEED_AI_TOOLS.map((tool) => ({
      id: seededToolId(tool.key),
      name: tool.name,
      description: tool.description,
      parameters_json: JSON.stringify(tool.parameters),
      enabled: 1,
      created_at: at,
      updated_at: at,
    })),
  );
  return { prompts, knowledge: sources + chunks, tools };
}
