import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import { GrowthReportSchema } from './reports.mapper.ts';
import { ProfileReportBody, ReportIdParams, SynastryReportBody } from './reports.schemas.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncTypebox<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  const tags = ['reports'];
  const createSchema = {
    tags,
    headers: DeviceHeaders,
    body: ProfileReportBody,
    response: { 200: EnvelopeOf(GrowthReportSchema) },
  };

  app.post('/reports/portrait', { schema: createSchema, preHandler: app.authenticateUser }, async (request) =>
    ok(await reports.createPortraitReport(currentUser(request).id, request.body.profile_id)),
  );

  app.post('/reports/star', { schema: createSchema, preHandler: app.authenticateUser }, async (request) =>
    ok(await reports.createStarReport(currentUser(request).id, request.body.profile_id)),
  );

  app.post('/reports/rhythm', { schema: createSchema, preHandler: app.authenticateUser }, async (request) =>
    ok(await reports.createRhythmReport(currentUser(request).id, request.body.profile_id)),
  );

  app.post(
    '/reports/synastry',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: SynastryReportBody,
        response: { 200: EnvelopeOf(GrowthReportSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) =>
      ok(
        await reports.createSynastryForCaller(currentUser(request).id, {
          profileIdA: request.body.profile_id_a,
          profileIdB: request.body.profile_id_b,
          asOf: request.body.as_of,
        }),
      ),
  );

  app.get(
    '/reports',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ItemsOf(GrowthReportSchema)) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ items: await reports.listReports(currentUser(request).id) }),
  );

  app.get(
    '/reports/:id',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ReportIdParams,
        response: { 200: EnvelopeOf(GrowthReportSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await reports.getReport(currentUser(request).id, request.params.id)),
  );
};
