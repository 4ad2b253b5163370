import type { AiConfigRoutesOptions } from '../ai-config/ai-config.routes.ts';
import {
  AiToolsService,
  KnowledgeChunksService,
  KnowledgeSourcesService,
  SystemPromptsService,
} from '../ai-config/ai-config.service.ts';
import { KnowledgeCache } from '../ai-config/knowledge-cache.ts';
import type { Clock } from '../clock.ts';
import type { GrowthConfig } from '../config.ts';
import { CrisisPoliciesService } from '../crisis/crisis-policies.service.ts';
import type { CrisisRoutesOptions } from '../crisis/crisis.routes.ts';
import { CrisisAdminService } from '../crisis/crisis.service.ts';
import type { GrowthDb } from '../db/database.ts';
import type { Entitlements } from '../entitlements/entitlements.ts';
import { resolvePlace } from '../places/index.ts';
import { ModerationCasesService } from '../safety/moderation-cases.service.ts';
import {
  BlockPoliciesService,
  FilterRulesService,
  SafetyPreviewService,
} from '../safety/safety-catalog.service.ts';
import { SafetyCompileCache } from '../safety/safety-compile-cache.ts';
import type { SafetyRoutesOptions } from '../safety/safety.routes.ts';
import { AskAdminService } from './ask-admin.service.ts';
import { AskService } from './ask.service.ts';
import { ChartFactsProvider } from './chart-facts.provider.ts';
import { LlmReplyClient } from './llm-reply.client.ts';

export interface AskServices {
  ask: AskService;
  askAdmin: AskAdminService;
  safety: SafetyRoutesOptions;
  crisis: CrisisRoutesOptions;
  ai: AiConfigRoutesOptions;
}

/**
 * Builds the ask companion and the console services of its catalogs (content safety, crisis, AI configuration)
 * around one compiled-safety cache and one knowledge cache per app instance.
 */
export function createAskServices(deps: {
  db: GrowthDb;
  clock: Clock;
  entitlements: Entitlements;
  llm: GrowthConfig['llm'];
}): AskServices {
  const { db, clock, entitlements } = deps;
  const safetyCache = new SafetyCompileCache(db);
  const preview = new SafetyPreviewService(safetyCache);
  return {
    ask: new AskService({
      db,
      clock,
      entitlements,
      safety: safetyCache,
      knowledge: new KnowledgeCache(db),
      chartFacts: new ChartFactsProvider(resolvePlace),
      llm: deps.llm ? new LlmReplyClient(deps.llm) : null,
    }),
    askAdmin: new AskAdminService({ db, clock }),
    safety: {
      filterRules: new FilterRulesService({ db, clock }),
      blockPolicies: new BlockPoliciesService({ db, clock }),
      cases: new ModerationCasesService({ db, clock }),
      preview,
    },
    crisis: {
      crisis: new CrisisAdminService({ db, clock }),
      policies: new CrisisPoliciesService({ db, clock }),
      preview,
    },
    ai: {
      prompts: new SystemPromptsService({ db, clock }),
      sources: new KnowledgeSourcesService({ db, clock }),
      chunks: new KnowledgeChunksService({ db, clock }),
      tools: new AiToolsService({ db, clock }),
    },
  };
}
