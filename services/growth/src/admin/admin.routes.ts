import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentAdmin } from '../http/app-instance.ts';
import type { RouteHook } from '../http/rate-limits.ts';
import { EnvelopeOf, ItemsOf, OkFlag, PageOf, ok } from '../http/envelope.ts';
import { PageQuery } from '../http/pagination.ts';
import { adminActorOf } from './admin-access.ts';
import {
  AdminAccountSchema,
  AdminLoginBody,
  AdminLoginResult,
  AdminMeSchema,
  CreateAdminBody,
  IdParams,
  RolePermissionsBody,
  RoleSchema,
  UpdateAdminBody,
} from './admin.schemas.ts';
import { toAdminMe, type AdminService } from './admin.service.ts';

export interface AdminRoutesOptions {
  admins: AdminService;
  loginRateLimits: RouteHook;
}

export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (
  app,
  { admins, loginRateLimits },
) => {
  const tags = ['admin'];

  app.post(
    '/admin/auth/login',
    {
      config: { adminAccess: 'public' },
      schema: { tags, body: AdminLoginBody, response: { 200: EnvelopeOf(AdminLoginResult) } },
      preHandler: loginRateLimits,
    },
    async (request) => ok(await admins.login(request.body.username, request.body.password)),
  );

  app.post(
    '/admin/auth/logout',
    { config: { adminAccess: 'session' }, schema: { tags, response: { 200: EnvelopeOf(OkFlag) } } },
    async (request) => {
      await admins.logout(currentAdmin(request));
      return ok({ ok: true });
    },
  );

  app.get(
    '/admin/me',
    { config: { adminAccess: 'session' }, schema: { tags, response: { 200: EnvelopeOf(AdminMeSchema) } } },
    async (request) => ok(toAdminMe(currentAdmin(request))),
  );

  app.get(
    '/admin/roles',
    {
      config: { adminAccess: 'admin.roles.read' },
      schema: { tags, response: { 200: EnvelopeOf(ItemsOf(RoleSchema)) } },
    },
    async () => ok({ items: await admins.listRoles() }),
  );

  app.get(
    '/admin/roles/:id',
    {
      config: { adminAccess: 'admin.roles.read' },
      schema: { tags, params: IdParams, response: { 200: EnvelopeOf(RoleSchema) } },
    },
    async (request) => ok(await admins.getRole(request.params.id)),
  );

  app.put(
    '/admin/roles/:id/permissions',
    {
      config: { adminAccess: 'admin.roles.write' },
      schema: {
        tags,
        params: IdParams,
        body: RolePermissionsBody,
        response: { 200: EnvelopeOf(RoleSchema) },
      },
    },
    async (request) =>
      ok(
        await admins.replaceRolePermissions(
          adminActorOf(request),
          request.params.id,
          request.body.permissions,
        ),
      ),
  );

  app.get(
    '/admin/admins',
    {
      config: { adminAccess: 'admin.admins.read' },
      schema: { tags, querystring: PageQuery, response: { 200: EnvelopeOf(PageOf(AdminAccountSchema)) } },
    },
    async (request) => ok(await admins.listAdmins(request.query.limit, request.query.offset)),
  );

  app.post(
    '/admin/admins',
    {
      config: { adminAccess: 'admin.admins.write' },
      schema: { tags, body: CreateAdminBody, response: { 200: EnvelopeOf(AdminAccountSchema) } },
    },
    async (request) => ok(await admins.createAdmin(adminActorOf(request), request.body)),
  );

  app.patch(
    '/admin/admins/:id',
    {
      config: { adminAccess: 'admin.admins.write' },
      schema: {
        tags,
        params: IdParams,
        body: UpdateAdminBody,
        response: { 200: EnvelopeOf(AdminAccountSchema) },
      },
    },
    async (request) => ok(await admins.updateAdmin(adminActorOf(request), request.params.id, request.body)),
  );
};
