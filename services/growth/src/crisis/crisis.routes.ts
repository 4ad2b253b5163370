import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { CatalogIdParams, registerAdminCatalogRoutes } from '../cms/admin-catalog.routes.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import { EvaluateBody, SafetyEvaluationSchema } from '../safety/safety-catalog.schemas.ts';
import type { SafetyPreviewService } from '../safety/safety-catalog.service.ts';
import type { CrisisPoliciesService } from './crisis-policies.service.ts';
import {
  CreateCrisisPolicyBody,
  CrisisEventQuery,
  CrisisEventSchema,
  CrisisMarkersBody,
  CrisisMarkersSchema,
  CrisisPolicySchema,
  HandoffQuery,
  HandoffSchema,
  InterventionQuery,
  InterventionSchema,
  UpdateCrisisEventBody,
  UpdateCrisisPolicyBody,
  UpdateHandoffBody,
} from './crisis.schemas.ts';
import type { CrisisAdminService } from './crisis.service.ts';

export interface CrisisRoutesOptions {
  crisis: CrisisAdminService;
  policies: CrisisPoliciesService;
  preview: SafetyPreviewService;
}

/**
 * Console: crisis events, interventions, policies, markers and the evaluate preview; and the ask handoff queue,
 * whose cases the crisis flow opens (paths under /admin/ask, ask permissions).
 */
export const crisisRoutes: FastifyPluginAsyncTypebox<CrisisRoutesOptions> = async (app, options) => {
  const { crisis, policies, preview } = options;
  const tags = ['admin', 'crisis'];
  const read = { adminAccess: 'admin.crisis.read' };
  const write = { adminAccess: 'admin.crisis.write' };

  app.get(
    '/admin/crisis/events',
    {
      config: read,
      schema: {
        tags,
        querystring: CrisisEventQuery,
        response: { 200: EnvelopeOf(PageOf(CrisisEventSchema)) },
      },
    },
    async (request) => {
      const { status, source, user_id, limit, offset } = request.query;
      return ok(await crisis.listEvents({ status, source, userId: user_id }, limit, offset));
    },
  );

  app.get(
    '/admin/crisis/events/:id',
    {
      config: read,
      schema: { tags, params: CatalogIdParams, response: { 200: EnvelopeOf(CrisisEventSchema) } },
    },
    async (request) => ok(await crisis.getEvent(request.params.id)),
  );

  app.patch(
    '/admin/crisis/events/:id',
    {
      config: write,
      schema: {
        tags,
        params: CatalogIdParams,
        body: UpdateCrisisEventBody,
        response: { 200: EnvelopeOf(CrisisEventSchema) },
      },
    },
    async (request) => ok(await crisis.updateEvent(adminActorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/admin/crisis/interventions',
    {
      config: read,
      schema: {
        tags,
        querystring: InterventionQuery,
        response: { 200: EnvelopeOf(PageOf(InterventionSchema)) },
      },
    },
    async (request) => {
      const { crisis_event_id, user_id, limit, offset } = request.query;
      return ok(
        await crisis.listInterventions({ crisisEventId: crisis_event_id, userId: user_id }, limit, offset),
      );
    },
  );

  app.get(
    '/admin/crisis/interventions/:id',
    {
      config: read,
      schema: { tags, params: CatalogIdParams, response: { 200: EnvelopeOf(InterventionSchema) } },
    },
    async (request) => ok(await crisis.getIntervention(request.params.id)),
  );

  registerAdminCatalogRoutes(app, {
    path: '/admin/crisis/policies',
    tags,
    read: 'admin.crisis.read',
    write: 'admin.crisis.write',
    item: CrisisPolicySchema,
    create: CreateCrisisPolicyBody,
    update: UpdateCrisisPolicyBody,
    service: policies,
  });

  app.get(
    '/admin/crisis/markers',
    { config: read, schema: { tags, response: { 200: EnvelopeOf(CrisisMarkersSchema) } } },
    async () => ok(await policies.getMarkers()),
  );

  app.put(
    '/admin/crisis/markers',
    {
      config: write,
      schema: { tags, body: CrisisMarkersBody, response: { 200: EnvelopeOf(CrisisMarkersSchema) } },
    },
    async (request) => ok(await policies.replaceMarkers(adminActorOf(request), request.body)),
  );

  app.post(
    '/admin/crisis/evaluate',
    {
      config: read,
      schema: { tags, body: EvaluateBody, response: { 200: EnvelopeOf(SafetyEvaluationSchema) } },
    },
    async (request) => ok(await preview.evaluate(request.body.text)),
  );

  const askTags = ['admin', 'ask'];
  app.get(
    '/admin/ask/handoffs',
    {
      config: { adminAccess: 'admin.ask.read' },
      schema: {
        tags: askTags,
        querystring: HandoffQuery,
        response: { 200: EnvelopeOf(PageOf(HandoffSchema)) },
      },
    },
    async (request) => {
      const { status, user_id, limit, offset } = request.query;
      return ok(await crisis.listHandoffs({ status, userId: user_id }, limit, offset));
    },
  );

  app.get(
    '/admin/ask/handoffs/:id',
    {
      config: { adminAccess: 'admin.ask.read' },
      schema: { tags: askTags, params: CatalogIdParams, response: { 200: EnvelopeOf(HandoffSchema) } },
    },
    async (request) => ok(await crisis.getHandoff(request.params.id)),
  );

  app.patch(
    '/admin/ask/handoffs/:id',
    {
      config: { adminAccess: 'admin.ask.write' },
      schema: {
        tags: askTags,
        params: CatalogIdParams,
        body: UpdateHandoffBody,
        response: { 200: EnvelopeOf(HandoffSchema) },
      },
    },
    async (request) => ok(await crisis.updateHandoff(adminActorOf(request), request.params.id, request.body)),
  );
};
