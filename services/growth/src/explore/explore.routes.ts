import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerAdminCatalogRoutes } from '../cms/admin-catalog.routes.ts';
import { EnvelopeOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import {
  AdminExploreNodeSchema,
  CategoryKeyParams,
  CreateExploreNodeBody,
  ExploreCatalogSchema,
  ExploreCategorySchema,
  UpdateExploreNodeBody,
} from './explore.schemas.ts';
import type { ExploreService } from './explore.service.ts';

export const exploreRoutes: FastifyPluginAsyncTypebox<{ explore: ExploreService }> = async (
  app,
  { explore },
) => {
  const tags = ['explore'];

  app.get(
    '/explore/catalog',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ExploreCatalogSchema) } },
      preHandler: app.authenticateUser,
    },
    async () => ok({ categories: await explore.catalog() }),
  );

  app.get(
    '/explore/catalog/:key',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: CategoryKeyParams,
        response: { 200: EnvelopeOf(ExploreCategorySchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await explore.category(request.params.key)),
  );

  registerAdminCatalogRoutes(app, {
    path: '/admin/explore/nodes',
    tags: ['admin', 'explore'],
    read: 'admin.explore.read',
    write: 'admin.explore.write',
    item: AdminExploreNodeSchema,
    create: CreateExploreNodeBody,
    update: UpdateExploreNodeBody,
    service: explore,
  });
};
