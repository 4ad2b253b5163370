import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import { CreatePlanBody, GrowthPlanSchema, PlanCheckinSchema, PlanIdParams } from './growth-plans.schemas.ts';
import type { GrowthPlansService } from './growth-plans.service.ts';

export const growthPlansRoutes: FastifyPluginAsyncTypebox<{ plans: GrowthPlansService }> = async (
  app,
  { plans },
) => {
  const tags = ['growth-plans'];

  app.get(
    '/growth/plans',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ItemsOf(GrowthPlanSchema)) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ items: await plans.list(currentUser(request).id) }),
  );

  app.post(
    '/growth/plans',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: CreatePlanBody,
        response: { 200: EnvelopeOf(GrowthPlanSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await plans.create(currentUser(request).id, request.body)),
  );

  app.post(
    '/growth/plans/:id/checkin',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: PlanIdParams,
        response: { 200: EnvelopeOf(PlanCheckinSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await plans.checkIn(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/growth/plans/:id/checkins',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: PlanIdParams,
        response: { 200: EnvelopeOf(ItemsOf(PlanCheckinSchema)) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ items: await plans.listCheckins(currentUser(request).id, request.params.id) }),
  );
};
