import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, PageOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import {
  ClickItemSchema,
  CreateFunnelBody,
  DayRangeQuery,
  EventBatchBody,
  EventBatchResult,
  ExitItemSchema,
  FunnelKeyParams,
  FunnelListQuery,
  FunnelQuery,
  FunnelResultSchema,
  FunnelSchema,
  OverviewItemSchema,
  PageItemSchema,
  RankingQuery,
  ReplaceFunnelBody,
} from './analytics.schemas.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** Client ingestion: any device identity may send its own behaviour events. */
export const analyticsRoutes: FastifyPluginAsyncTypebox<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.post(
    '/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        headers: DeviceHeaders,
        body: EventBatchBody,
        response: { 200: EnvelopeOf(EventBatchResult) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => {
      const caller = currentUser(request);
      return ok(
        await analytics.ingest({ userId: caller.id, deviceKey: caller.deviceKey }, request.body.items),
      );
    },
  );
};

/** The console's aggregates and funnel definitions. */
export const analyticsAdminRoutes: FastifyPluginAsyncTypebox<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  const tags = ['admin', 'analytics'];
  const read = { adminAccess: 'admin.analytics.read' };

  app.get(
    '/admin/analytics/overview',
    {
      config: read,
      schema: {
        tags,
        querystring: DayRangeQuery,
        response: { 200: EnvelopeOf(ItemsOf(OverviewItemSchema)) },
      },
    },
    async (request) => ok(await analytics.overview(request.query.from, request.query.to)),
  );

  app.get(
    '/admin/analytics/pages',
    {
      config: read,
      schema: { tags, querystring: RankingQuery, response: { 200: EnvelopeOf(ItemsOf(PageItemSchema)) } },
    },
    async (request) => ok(await analytics.pages(request.query.from, request.query.to, request.query.limit)),
  );

  app.get(
    '/admin/analytics/exits',
    {
      config: read,
      schema: { tags, querystring: RankingQuery, response: { 200: EnvelopeOf(ItemsOf(ExitItemSchema)) } },
    },
    async (request) => ok(await analytics.exits(request.query.from, request.query.to, request.query.limit)),
  );

  app.get(
    '/admin/analytics/clicks',
    {
      config: read,
      schema: { tags, querystring: RankingQuery, response: { 200: EnvelopeOf(ItemsOf(ClickItemSchema)) } },
    },
    async (request) => ok(await analytics.clicks(request.query.from, request.query.to, request.query.limit)),
  );

  app.get(
    '/admin/analytics/funnel',
    {
      config: read,
      schema: { tags, querystring: FunnelQuery, response: { 200: EnvelopeOf(FunnelResultSchema) } },
    },
    async (request) => ok(await analytics.funnel(request.query.from, request.query.to, request.query.funnel)),
  );

  app.get(
    '/admin/analytics/funnels',
    {
      config: read,
      schema: { tags, querystring: FunnelListQuery, response: { 200: EnvelopeOf(PageOf(FunnelSchema)) } },
    },
    async (request) => ok(await analytics.listFunnels(request.query.limit, request.query.offset)),
  );

  app.post(
    '/admin/analytics/funnels',
    {
      config: { adminAccess: 'growth.write' },
      schema: { tags, body: CreateFunnelBody, response: { 200: EnvelopeOf(FunnelSchema) } },
    },
    async (request) => ok(await analytics.createFunnel(adminActorOf(request), request.body)),
  );

  app.put(
    '/admin/analytics/funnels/:key',
    {
      config: { adminAccess: 'growth.write' },
      schema: {
        tags,
        params: FunnelKeyParams,
        body: ReplaceFunnelBody,
        response: { 200: EnvelopeOf(FunnelSchema) },
      },
    },
    async (request) =>
      ok(await analytics.replaceFunnel(adminActorOf(request), request.params.key, request.body)),
  );
};
