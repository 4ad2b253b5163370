import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { PageQuery } from '../http/pagination.ts';
import { CreateOrderBody, IdParams, OrderSchema } from './commerce.schemas.ts';
import type { OrdersService } from './orders.service.ts';

export const ordersRoutes: FastifyPluginAsyncTypebox<{ orders: OrdersService }> = async (app, { orders }) => {
  const tags = ['commerce'];

  app.post(
    '/orders',
    {
      schema: {
        tags,
        description: 'Creates a pending order; the amount comes from the catalog, never from the client.',
        body: CreateOrderBody,
        response: { 200: EnvelopeOf(OrderSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await orders.createOrder(currentUser(request).id, request.body)),
  );

  app.get(
    '/orders',
    {
      schema: { tags, querystring: PageQuery, response: { 200: EnvelopeOf(ItemsOf(OrderSchema)) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ items: await orders.listMyOrders(currentUser(request).id, request.query) }),
  );

  app.get(
    '/orders/:id',
    {
      schema: { tags, params: IdParams, response: { 200: EnvelopeOf(OrderSchema) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await orders.getOrder(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/orders/:id/pay-mock',
    {
      schema: {
        tags,
        description:
          'Simulated payment success. Fulfils once; a paid order answers as it is. 410 expired, 400 cancelled.',
        params: IdParams,
        response: { 200: EnvelopeOf(OrderSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await orders.payMock(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags,
        description: 'Cancels a pending order. A cancelled order answers as it is; 400 paid, 410 expired.',
        params: IdParams,
        response: { 200: EnvelopeOf(OrderSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await orders.cancelOrder(currentUser(request).id, request.params.id)),
  );
};
