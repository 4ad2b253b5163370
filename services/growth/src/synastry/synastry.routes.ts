import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import { GrowthReportSchema } from '../reports/reports.mapper.ts';
import type { InvitesService } from './invites.service.ts';
import type { NearbyService } from './nearby.service.ts';
import type { RelationInsightService } from './relation-insight.service.ts';
import {
  AcceptInviteBody,
  CreatedInviteSchema,
  CreateInviteBody,
  InviteTokenParams,
  InviteViewSchema,
  NearbyItemSchema,
  NearbyQuery,
  RelationInsightBody,
  RelationInsightSchema,
} from './synastry.schemas.ts';

export interface SynastryRoutesOptions {
  invites: InvitesService;
  nearby: NearbyService;
  insight: RelationInsightService;
}

export const synastryRoutes: FastifyPluginAsyncTypebox<SynastryRoutesOptions> = async (
  app,
  { invites, nearby, insight },
) => {
  const tags = ['synastry'];

  app.get(
    '/synastry/nearby',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        querystring: NearbyQuery,
        response: { 200: EnvelopeOf(ItemsOf(NearbyItemSchema)) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ items: await nearby.findNearby(currentUser(request).id, request.query) }),
  );

  app.post(
    '/synastry/invites',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: CreateInviteBody,
        response: { 200: EnvelopeOf(CreatedInviteSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await invites.createInvite(currentUser(request).id, request.body.profile_id)),
  );

  app.get(
    '/synastry/invites/:token',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: InviteTokenParams,
        response: { 200: EnvelopeOf(InviteViewSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await invites.getInvite(request.params.token)),
  );

  app.post(
    '/synastry/invites/:token/accept',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: InviteTokenParams,
        body: AcceptInviteBody,
        response: { 200: EnvelopeOf(GrowthReportSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) =>
      ok(await invites.acceptInvite(currentUser(request).id, request.params.token, request.body)),
  );

  app.post(
    '/relation/insight',
    {
      schema: {
        tags: ['relation'],
        headers: DeviceHeaders,
        body: RelationInsightBody,
        response: { 200: EnvelopeOf(RelationInsightSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await insight.createInsight(currentUser(request).id, request.body)),
  );
};
