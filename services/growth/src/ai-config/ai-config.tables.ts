import type { AskScene } from '../ask/reply-engine/reply-engine.types.ts';

/** Operator-owned AI configuration: system prompts, knowledge (sources and chunks) and tool definitions. */
export interface AiSystemPromptsTable {
  id: string;
  scene: AskScene;
  name: string;
  template: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface AiKnowledgeSourcesTable {
  id: string;
  name: string;
  description: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface AiKnowledgeChunksTable {
  id: string;
  source_id: string;
  scene: AskScene;
  title: string;
  content: string;
  tags_json: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface AiToolsTable {
  id: string;
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema), as function-calling APIs take it. */
  parameters_json: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface AiConfigTables {
  ai_system_prompts: AiSystemPromptsTable;
  ai_knowledge_sources: AiKnowledgeSourcesTable;
  ai_knowledge_chunks: AiKnowledgeChunksTable;
  ai_tools: AiToolsTable;
}
