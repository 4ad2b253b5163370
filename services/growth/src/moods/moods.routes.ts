import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import { MoodSchema, MoodTrailEntrySchema, RecordMoodBody, TodayMoodSchema } from './moods.schemas.ts';
import type { MoodsService } from './moods.service.ts';

export const moodsRoutes: FastifyPluginAsyncTypebox<{ moods: MoodsService }> = async (app, { moods }) => {
  const tags = ['moods'];

  app.post(
    '/moods',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: RecordMoodBody,
        response: { 200: EnvelopeOf(MoodSchema) },
      },
      // Every field is optional, so a bodiless POST means "touch today's mood" rather than a malformed request.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await moods.record(currentUser(request).id, request.body)),
  );

  app.get(
    '/moods/today',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(TodayMoodSchema) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ mood: await moods.today(currentUser(request).id) }),
  );

  app.get(
    '/moods/recent',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ItemsOf(MoodTrailEntrySchema)) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ items: await moods.recent(currentUser(request).id) }),
  );
};
