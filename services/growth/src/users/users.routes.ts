import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import { PageQuery } from '../http/pagination.ts';
import {
  ChangeStatusBody,
  ChangeStatusResult,
  UserDetailSchema,
  UserIdParams,
  UserInsightSchema,
  UserListItemSchema,
  UserListQuery,
  UserStatusTransitionSchema,
} from './users.schemas.ts';
import type { UserAdminService } from './users.service.ts';

export const userAdminRoutes: FastifyPluginAsyncTypebox<{ users: UserAdminService }> = async (
  app,
  { users },
) => {
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      config: { adminAccess: 'admin.users.read' },
      schema: { tags, querystring: UserListQuery, response: { 200: EnvelopeOf(PageOf(UserListItemSchema)) } },
    },
    async (request) => ok(await users.listUsers(request.query)),
  );

  app.get(
    '/admin/users/:id',
    {
      config: { adminAccess: 'admin.users.read' },
      schema: { tags, params: UserIdParams, response: { 200: EnvelopeOf(UserDetailSchema) } },
    },
    async (request) => ok(await users.getUser(request.params.id)),
  );

  app.post(
    '/admin/users/:id/status',
    {
      config: { adminAccess: 'admin.users.status.write' },
      schema: {
        tags,
        params: UserIdParams,
        body: ChangeStatusBody,
        response: { 200: EnvelopeOf(ChangeStatusResult) },
      },
    },
    async (request) => ok(await users.changeStatus(adminActorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/admin/users/:id/status-transitions',
    {
      config: { adminAccess: 'admin.users.read' },
      schema: {
        tags,
        params: UserIdParams,
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(UserStatusTransitionSchema)) },
      },
    },
    async (request) =>
      ok(await users.listStatusTransitions(request.params.id, request.query.limit, request.query.offset)),
  );

  app.get(
    '/admin/users/:id/insight',
    {
      config: { adminAccess: 'admin.users.read' },
      schema: { tags, params: UserIdParams, response: { 200: EnvelopeOf(UserInsightSchema) } },
    },
    async (request) => ok(await users.getInsight(request.params.id)),
  );
};
