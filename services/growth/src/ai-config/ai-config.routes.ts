import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerAdminCatalogRoutes } from '../cms/admin-catalog.routes.ts';
import {
  AiToolSchema,
  CreateAiToolBody,
  CreateKnowledgeChunkBody,
  CreateKnowledgeSourceBody,
  CreateSystemPromptBody,
  KnowledgeChunkSchema,
  KnowledgeSourceSchema,
  SystemPromptSchema,
  UpdateAiToolBody,
  UpdateKnowledgeChunkBody,
  UpdateKnowledgeSourceBody,
  UpdateSystemPromptBody,
} from './ai-config.schemas.ts';
import type {
  AiToolsService,
  KnowledgeChunksService,
  KnowledgeSourcesService,
  SystemPromptsService,
} from './ai-config.service.ts';

export interface AiConfigRoutesOptions {
  prompts: SystemPromptsService;
  sources: KnowledgeSourcesService;
  chunks: KnowledgeChunksService;
  tools: AiToolsService;
}

/** Console: system prompts, knowledge sources and chunks, tool definitions (read and write). */
export const aiConfigRoutes: FastifyPluginAsyncTypebox<AiConfigRoutesOptions> = async (app, options) => {
  const access = {
    tags: ['admin', 'ai'],
    read: 'admin.ai_config.read',
    write: 'admin.ai_config.write',
  } as const;
  registerAdminCatalogRoutes(app, {
    ...access,
    tags: [...access.tags],
    path: '/admin/ai/system-prompts',
    item: SystemPromptSchema,
    create: CreateSystemPromptBody,
    update: UpdateSystemPromptBody,
    service: options.prompts,
  });
  registerAdminCatalogRoutes(app, {
    ...access,
    tags: [...access.tags],
    path: '/admin/ai/knowledge-sources',
    item: KnowledgeSourceSchema,
    create: CreateKnowledgeSourceBody,
    update: UpdateKnowledgeSourceBody,
    service: options.sources,
  });
  registerAdminCatalogRoutes(app, {
    ...access,
    tags: [...access.tags],
    path: '/admin/ai/knowledge-chunks',
    item: KnowledgeChunkSchema,
    create: CreateKnowledgeChunkBody,
    update: UpdateKnowledgeChunkBody,
    service: options.chunks,
  });
  registerAdminCatalogRoutes(app, {
    ...access,
    tags: [...access.tags],
    path: '/admin/ai/tools',
    item: AiToolSchema,
    create: CreateAiToolBody,
    update: UpdateAiToolBody,
    service: options.tools,
  });
};
