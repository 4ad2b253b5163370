import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { CatalogIdParams } from '../cms/admin-catalog.routes.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import type { AskAdminService } from './ask-admin.service.ts';
import {
  AdminFeedbackBody,
  AdminFeedbackQuery,
  AdminThreadDetailSchema,
  AdminThreadQuery,
  AdminThreadSchema,
  FeedbackSchema,
} from './ask.schemas.ts';

/** Console: ask sessions (read-only) and quality feedback. Handoffs are served with the crisis routes. */
export const askAdminRoutes: FastifyPluginAsyncTypebox<{ askAdmin: AskAdminService }> = async (
  app,
  { askAdmin },
) => {
  const tags = ['admin', 'ask'];
  const read = { adminAccess: 'admin.ask.read' };

  app.get(
    '/admin/ask/threads',
    {
      config: read,
      schema: {
        tags,
        querystring: AdminThreadQuery,
        response: { 200: EnvelopeOf(PageOf(AdminThreadSchema)) },
      },
    },
    async (request) => {
      const { user_id, limit, offset } = request.query;
      return ok(await askAdmin.listThreads({ userId: user_id }, limit, offset));
    },
  );

  app.get(
    '/admin/ask/threads/:id',
    {
      config: read,
      schema: { tags, params: CatalogIdParams, response: { 200: EnvelopeOf(AdminThreadDetailSchema) } },
    },
    async (request) => ok(await askAdmin.getThread(request.params.id)),
  );

  app.post(
    '/admin/ask/threads/:id/feedback',
    {
      config: { adminAccess: 'admin.ask.feedback.write' },
      schema: {
        tags,
        params: CatalogIdParams,
        body: AdminFeedbackBody,
        response: { 200: EnvelopeOf(FeedbackSchema) },
      },
    },
    async (request) =>
      ok(await askAdmin.submitFeedback(adminActorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/admin/ask/feedback',
    {
      config: read,
      schema: {
        tags,
        querystring: AdminFeedbackQuery,
        response: { 200: EnvelopeOf(PageOf(FeedbackSchema)) },
      },
    },
    async (request) => {
      const { thread_id, author, limit, offset } = request.query;
      return ok(await askAdmin.listFeedback({ threadId: thread_id, author }, limit, offset));
    },
  );
};
