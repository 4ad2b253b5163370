import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import {
  CreateReportTemplateBody,
  ReportTemplateIdParams,
  ReportTemplateQuery,
  ReportTemplateSchema,
  UpdateReportTemplateBody,
} from './report-templates.schemas.ts';
import type { ReportTemplatesService } from './report-templates.service.ts';

const READ_ACCESS = 'admin.explore.read';
const WRITE_ACCESS = 'growth.write';

export const reportTemplatesRoutes: FastifyPluginAsyncTypebox<{ templates: ReportTemplatesService }> = async (
  app,
  { templates },
) => {
  const tags = ['admin'];

  app.get(
    '/admin/report-templates',
    {
      config: { adminAccess: READ_ACCESS },
      schema: {
        tags,
        querystring: ReportTemplateQuery,
        response: { 200: EnvelopeOf(PageOf(ReportTemplateSchema)) },
      },
    },
    async (request) => ok(await templates.listTemplates(request.query)),
  );

  app.get(
    '/admin/report-templates/:id',
    {
      config: { adminAccess: READ_ACCESS },
      schema: { tags, params: ReportTemplateIdParams, response: { 200: EnvelopeOf(ReportTemplateSchema) } },
    },
    async (request) => ok(await templates.getTemplate(request.params.id)),
  );

  app.post(
    '/admin/report-templates',
    {
      config: { adminAccess: WRITE_ACCESS },
      schema: { tags, body: CreateReportTemplateBody, response: { 200: EnvelopeOf(ReportTemplateSchema) } },
    },
    async (request) => ok(await templates.createTemplate(adminActorOf(request), request.body)),
  );

  app.put(
    '/admin/report-templates/:id',
    {
      config: { adminAccess: WRITE_ACCESS },
      schema: {
        tags,
        params: ReportTemplateIdParams,
        body: UpdateReportTemplateBody,
        response: { 200: EnvelopeOf(ReportTemplateSchema) },
      },
    },
    async (request) =>
      ok(await templates.updateTemplate(adminActorOf(request), request.params.id, request.body)),
  );
};
