import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { CatalogIdParams, registerAdminCatalogRoutes } from '../cms/admin-catalog.routes.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import type { ModerationCasesService } from './moderation-cases.service.ts';
import {
  BlockPolicySchema,
  CreateBlockPolicyBody,
  CreateFilterRuleBody,
  EvaluateBody,
  FilterRuleSchema,
  ModerationCaseQuery,
  ModerationCaseSchema,
  ReviewCaseBody,
  SafetyEvaluationSchema,
  UpdateBlockPolicyBody,
  UpdateFilterRuleBody,
} from './safety-catalog.schemas.ts';
import type {
  BlockPoliciesService,
  FilterRulesService,
  SafetyPreviewService,
} from './safety-catalog.service.ts';

export interface SafetyRoutesOptions {
  filterRules: FilterRulesService;
  blockPolicies: BlockPoliciesService;
  cases: ModerationCasesService;
  preview: SafetyPreviewService;
}

/** Console: content-safety rules, policies, the moderation queue and the evaluate preview. */
export const safetyRoutes: FastifyPluginAsyncTypebox<SafetyRoutesOptions> = async (app, options) => {
  const tags = ['admin', 'content-safety'];
  const read = { adminAccess: 'admin.content_safety.read' };
  const write = { adminAccess: 'admin.content_safety.write' };

  registerAdminCatalogRoutes(app, {
    path: '/admin/content-safety/filter-rules',
    tags,
    read: 'admin.content_safety.read',
    write: 'admin.content_safety.write',
    item: FilterRuleSchema,
    create: CreateFilterRuleBody,
    update: UpdateFilterRuleBody,
    service: options.filterRules,
  });

  registerAdminCatalogRoutes(app, {
    path: '/admin/content-safety/block-policies',
    tags,
    read: 'admin.content_safety.read',
    write: 'admin.content_safety.write',
    item: BlockPolicySchema,
    create: CreateBlockPolicyBody,
    update: UpdateBlockPolicyBody,
    service: options.blockPolicies,
  });

  app.get(
    '/admin/content-safety/cases',
    {
      config: read,
      schema: {
        tags,
        querystring: ModerationCaseQuery,
        response: { 200: EnvelopeOf(PageOf(ModerationCaseSchema)) },
      },
    },
    async (request) => {
      const { status, user_id, thread_id, limit, offset } = request.query;
      return ok(await options.cases.list({ status, userId: user_id, threadId: thread_id }, limit, offset));
    },
  );

  app.get(
    '/admin/content-safety/cases/:id',
    {
      config: read,
      schema: { tags, params: CatalogIdParams, response: { 200: EnvelopeOf(ModerationCaseSchema) } },
    },
    async (request) => ok(await options.cases.get(request.params.id)),
  );

  app.patch(
    '/admin/content-safety/cases/:id',
    {
      config: write,
      schema: {
        tags,
        params: CatalogIdParams,
        body: ReviewCaseBody,
        response: { 200: EnvelopeOf(ModerationCaseSchema) },
      },
    },
    async (request) => ok(await options.cases.review(adminActorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/content-safety/evaluate',
    {
      config: read,
      schema: { tags, body: EvaluateBody, response: { 200: EnvelopeOf(SafetyEvaluationSchema) } },
    },
    async (request) => ok(await options.preview.evaluate(request.body.text)),
  );
};
