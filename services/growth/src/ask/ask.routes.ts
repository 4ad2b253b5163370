import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import {
  AskMessageSchema,
  AskQuotaSchema,
  AskThreadSchema,
  CreateThreadBody,
  FeedbackSchema,
  MessageListQuery,
  SendMessageBody,
  SendMessageResultSchema,
  ThreadIdParams,
  ThreadListQuery,
  UserFeedbackBody,
} from './ask.schemas.ts';
import type { AskService } from './ask.service.ts';

export const askRoutes: FastifyPluginAsyncTypebox<{ ask: AskService }> = async (app, { ask }) => {
  const tags = ['ask'];

  app.get(
    '/ask/quota',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(AskQuotaSchema) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await ask.getQuota(currentUser(request).id)),
  );

  app.post(
    '/ask/threads',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: CreateThreadBody,
        response: { 200: EnvelopeOf(AskThreadSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await ask.createThread(currentUser(request).id, request.body)),
  );

  app.get(
    '/ask/threads',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        querystring: ThreadListQuery,
        response: { 200: EnvelopeOf(ItemsOf(AskThreadSchema)) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) =>
      ok({
        items: await ask.listThreads(currentUser(request).id, request.query.limit, request.query.offset),
      }),
  );

  app.get(
    '/ask/threads/:id/messages',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ThreadIdParams,
        querystring: MessageListQuery,
        response: { 200: EnvelopeOf(ItemsOf(AskMessageSchema)) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) =>
      ok({
        items: await ask.listMessages(
          currentUser(request).id,
          request.params.id,
          request.query.limit,
          request.query.offset,
        ),
      }),
  );

  app.post(
    '/ask/threads/:id/messages',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ThreadIdParams,
        body: SendMessageBody,
        response: { 200: EnvelopeOf(SendMessageResultSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) =>
      ok(await ask.sendMessage(currentUser(request).id, request.params.id, request.body.content)),
  );

  app.post(
    '/ask/threads/:id/feedback',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ThreadIdParams,
        body: UserFeedbackBody,
        response: { 200: EnvelopeOf(FeedbackSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await ask.submitFeedback(currentUser(request).id, request.params.id, request.body)),
  );
};
