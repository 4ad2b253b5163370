import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import { PageQuery } from '../http/pagination.ts';
import type { CommerceServices } from './commerce-services.ts';
import {
  AdminOrderSchema,
  AdminOrdersQuery,
  CodeParams,
  CreateBatchBody,
  CreatedBatchSchema,
  GrantMembershipBody,
  IdParams,
  MembershipMeSchema,
  MembershipPlanSchema,
  RedemptionBatchSchema,
  RedemptionCodeSchema,
  UpdatePlanBody,
  UserEntitlementsSchema,
} from './commerce.schemas.ts';

/** Console endpoints of commerce. Every write goes through a service that audits it in its own transaction. */
export const commerceAdminRoutes: FastifyPluginAsyncTypebox<CommerceServices> = async (
  app,
  { plans, redemption, membership, orders },
) => {
  const tags = ['admin'];

  app.get(
    '/admin/membership-plans',
    {
      config: { adminAccess: 'admin.membership.plans.read' },
      schema: { tags, querystring: PageQuery, response: { 200: EnvelopeOf(PageOf(MembershipPlanSchema)) } },
    },
    async (request) => ok(await plans.listPlans(request.query)),
  );

  app.get(
    '/admin/membership-plans/:code',
    {
      config: { adminAccess: 'admin.membership.plans.read' },
      schema: { tags, params: CodeParams, response: { 200: EnvelopeOf(MembershipPlanSchema) } },
    },
    async (request) => ok(await plans.getPlan(request.params.code)),
  );

  app.put(
    '/admin/membership-plans/:code',
    {
      config: { adminAccess: 'admin.membership.plans.write' },
      schema: {
        tags,
        params: CodeParams,
        body: UpdatePlanBody,
        response: { 200: EnvelopeOf(MembershipPlanSchema) },
      },
    },
    async (request) => ok(await plans.updatePlan(adminActorOf(request), request.params.code, request.body)),
  );

  app.get(
    '/admin/redemption-batches',
    {
      config: { adminAccess: 'admin.redemption.read' },
      schema: { tags, querystring: PageQuery, response: { 200: EnvelopeOf(PageOf(RedemptionBatchSchema)) } },
    },
    async (request) => ok(await redemption.listBatches(request.query)),
  );

  app.post(
    '/admin/redemption-batches',
    {
      config: { adminAccess: 'admin.redemption.write' },
      schema: { tags, body: CreateBatchBody, response: { 200: EnvelopeOf(CreatedBatchSchema) } },
    },
    async (request) => ok(await redemption.createBatch(adminActorOf(request), request.body)),
  );

  app.get(
    '/admin/redemption-batches/:id/codes',
    {
      config: { adminAccess: 'admin.redemption.read' },
      schema: {
        tags,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(RedemptionCodeSchema)) },
      },
    },
    async (request) => ok(await redemption.listCodes(request.params.id, request.query)),
  );

  app.post(
    '/admin/redemption-codes/:id/disable',
    {
      config: { adminAccess: 'admin.redemption.write' },
      schema: { tags, params: IdParams, response: { 200: EnvelopeOf(RedemptionCodeSchema) } },
    },
    async (request) => ok(await redemption.disableCode(adminActorOf(request), request.params.id)),
  );

  app.post(
    '/admin/users/:id/membership/grant',
    {
      config: { adminAccess: 'admin.users.write' },
      schema: {
        tags,
        params: IdParams,
        body: GrantMembershipBody,
        response: { 200: EnvelopeOf(MembershipMeSchema) },
      },
    },
    async (request) =>
      ok(await membership.grantMembership(adminActorOf(request), request.params.id, request.body.plan)),
  );

  app.get(
    '/admin/users/:id/entitlements',
    {
      config: { adminAccess: 'admin.users.read' },
      schema: { tags, params: IdParams, response: { 200: EnvelopeOf(UserEntitlementsSchema) } },
    },
    async (request) => ok(await membership.getUserEntitlements(request.params.id)),
  );

  app.get(
    '/admin/orders',
    {
      config: { adminAccess: 'admin.orders.read' },
      schema: {
        tags,
        querystring: AdminOrdersQuery,
        response: { 200: EnvelopeOf(PageOf(AdminOrderSchema)) },
      },
    },
    async (request) => ok(await orders.listOrdersForAdmin(request.query)),
  );
};
