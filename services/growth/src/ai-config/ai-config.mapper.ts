import { readJsonObject } from '../ask/json-columns.ts';
import type {
  AiToolRecord,
  KnowledgeChunkRecord,
  KnowledgeSourceRecord,
  SystemPromptRecord,
} from './ai-config.repository.ts';
import { readTags } from './ai-config.repository.ts';
import type {
  AiToolView,
  KnowledgeChunkView,
  KnowledgeSourceView,
  SystemPromptView,
} from './ai-config.schemas.ts';

export function toSystemPromptView(record: SystemPromptRecord): SystemPromptView {
  return {
    id: record.id,
    scene: record.scene,
    name: record.name,
    template: record.template,
    enabled: record.enabled === 1,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function toKnowledgeSourceView(record: KnowledgeSourceRecord): KnowledgeSourceView {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    enabled: record.enabled === 1,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function toKnowledgeChunkView(record: KnowledgeChunkRecord): KnowledgeChunkView {
  return {
    id: record.id,
    source_id: record.source_id,
    scene: record.scene,
    title: record.title,
    content: record.content,
    tags: readTags(record),
    enabled: record.enabled === 1,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function toAiToolView(record: AiToolRecord): AiToolView {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    parameters: readJsonObject(record.parameters_json),
    enabled: record.enabled === 1,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
