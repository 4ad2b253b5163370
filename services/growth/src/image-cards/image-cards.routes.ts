import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import type { ImageCardsService } from './image-cards.service.ts';
import {
  DrawBody,
  DrawResultSchema,
  ImageCardQuotaSchema,
  ImageCardSceneSchema,
} from './image-cards.schemas.ts';

export const imageCardsRoutes: FastifyPluginAsyncTypebox<{ imageCards: ImageCardsService }> = async (
  app,
  { imageCards },
) => {
  const tags = ['image-cards'];

  app.get(
    '/image-cards/scenes',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ItemsOf(ImageCardSceneSchema)) } },
      preHandler: app.authenticateUser,
    },
    async () => ok({ items: imageCards.listScenes() }),
  );

  app.get(
    '/image-cards/quota',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ImageCardQuotaSchema) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await imageCards.getQuota(currentUser(request).id)),
  );

  app.post(
    '/image-cards/draw',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: DrawBody,
        response: { 200: EnvelopeOf(DrawResultSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await imageCards.draw(currentUser(request).id, request.body)),
  );
};
