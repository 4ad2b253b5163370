import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { EnvelopeOf, ItemsOf, PageOf, ok } from '../http/envelope.ts';
import { PageQuery } from '../http/pagination.ts';
import {
  AdminDeckSchema,
  AdminDeckSummarySchema,
  CreateDeckBody,
  DeckIdParams,
  PublicDeckSchema,
  UpdateDeckBody,
} from './card-decks.schemas.ts';
import type { CardDecksService } from './card-decks.service.ts';

/**
 * The public deck list (a system endpoint: no device identity needed, like the other content catalogs) and the
 * console's deck catalog: list, get, create, replace, enable, disable. Reads need `admin.cms.read`, writes
 * `admin.cms.write`; every write is audited in its own transaction.
 */
export const cardDecksRoutes: FastifyPluginAsyncTypebox<{ decks: CardDecksService }> = async (
  app,
  { decks },
) => {
  app.get(
    '/cards/decks',
    { schema: { tags: ['image-cards'], response: { 200: EnvelopeOf(ItemsOf(PublicDeckSchema)) } } },
    async () => ok({ items: await decks.listPublic() }),
  );

  const tags = ['admin', 'image-cards'];
  const read = { adminAccess: 'admin.cms.read' };
  const write = { adminAccess: 'admin.cms.write' };

  app.get(
    '/admin/cards/decks',
    {
      config: read,
      schema: { tags, querystring: PageQuery, response: { 200: EnvelopeOf(PageOf(AdminDeckSummarySchema)) } },
    },
    async (request) => ok(await decks.listForAdmin(request.query)),
  );

  app.get(
    '/admin/cards/decks/:id',
    { config: read, schema: { tags, params: DeckIdParams, response: { 200: EnvelopeOf(AdminDeckSchema) } } },
    async (request) => ok(await decks.getForAdmin(request.params.id)),
  );

  app.post(
    '/admin/cards/decks',
    { config: write, schema: { tags, body: CreateDeckBody, response: { 200: EnvelopeOf(AdminDeckSchema) } } },
    async (request) => ok(await decks.create(adminActorOf(request), request.body)),
  );

  app.put(
    '/admin/cards/decks/:id',
    {
      config: write,
      schema: {
        tags,
        params: DeckIdParams,
        body: UpdateDeckBody,
        response: { 200: EnvelopeOf(AdminDeckSchema) },
      },
    },
    async (request) => ok(await decks.update(adminActorOf(request), request.params.id, request.body)),
  );

  for (const [action, active] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/admin/cards/decks/:id/${action}`,
      {
        config: write,
        schema: { tags, params: DeckIdParams, response: { 200: EnvelopeOf(AdminDeckSchema) } },
      },
      async (request) => ok(await decks.setActive(adminActorOf(request), request.params.id, active)),
    );
  }
};
