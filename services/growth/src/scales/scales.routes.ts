import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, PageOf, ok } from '../http/envelope.ts';
import { PageQuery } from '../http/pagination.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import {
  AdminScaleSchema,
  CreateScaleBody,
  ScaleDetailSchema,
  ScaleIdParams,
  ScaleSlugParams,
  ScaleStatusBody,
  ScaleSubmitResultSchema,
  ScaleSummarySchema,
  SubmitScaleBody,
  UpdateScaleBody,
} from './scales.schemas.ts';
import type { ScalesService } from './scales.service.ts';

export const scalesRoutes: FastifyPluginAsyncTypebox<{ scales: ScalesService }> = async (app, { scales }) => {
  const tags = ['scales'];

  app.get(
    '/scales',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ItemsOf(ScaleSummarySchema)) } },
      preHandler: app.authenticateUser,
    },
    async () => ok({ items: await scales.listPublished() }),
  );

  app.get(
    '/scales/:slug',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ScaleSlugParams,
        response: { 200: EnvelopeOf(ScaleDetailSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await scales.getPublished(request.params.slug)),
  );

  app.post(
    '/scales/:slug/result',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ScaleSlugParams,
        body: SubmitScaleBody,
        response: { 200: EnvelopeOf(ScaleSubmitResultSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) =>
      ok(await scales.submitResult(currentUser(request).id, request.params.slug, request.body)),
  );

  const adminTags = ['admin', 'scales'];

  app.get(
    '/admin/scales',
    {
      config: { adminAccess: 'admin.explore.read' },
      schema: {
        tags: adminTags,
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(AdminScaleSchema)) },
      },
    },
    async (request) => ok(await scales.listForAdmin(request.query.limit, request.query.offset)),
  );

  app.get(
    '/admin/scales/:id',
    {
      config: { adminAccess: 'admin.explore.read' },
      schema: { tags: adminTags, params: ScaleIdParams, response: { 200: EnvelopeOf(AdminScaleSchema) } },
    },
    async (request) => ok(await scales.getForAdmin(request.params.id)),
  );

  app.post(
    '/admin/scales',
    {
      config: { adminAccess: 'admin.explore.write' },
      schema: { tags: adminTags, body: CreateScaleBody, response: { 200: EnvelopeOf(AdminScaleSchema) } },
    },
    async (request) => ok(await scales.create(adminActorOf(request), request.body)),
  );

  app.put(
    '/admin/scales/:id',
    {
      config: { adminAccess: 'admin.explore.write' },
      schema: {
        tags: adminTags,
        params: ScaleIdParams,
        body: UpdateScaleBody,
        response: { 200: EnvelopeOf(AdminScaleSchema) },
      },
    },
    async (request) => ok(await scales.update(adminActorOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/admin/scales/:id',
    {
      config: { adminAccess: 'admin.explore.write' },
      schema: {
        tags: adminTags,
        params: ScaleIdParams,
        body: ScaleStatusBody,
        response: { 200: EnvelopeOf(AdminScaleSchema) },
      },
    },
    async (request) =>
      ok(await scales.setStatus(adminActorOf(request), request.params.id, request.body.status)),
  );
};
