import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteHook } from '../http/rate-limits.ts';
import { EnvelopeOf, OkFlag, ok } from '../http/envelope.ts';
import { currentUser } from '../http/app-instance.ts';
import { readBearerToken } from '../security/session-tokens.ts';
import { AccountSchema, toAccount } from './account.mapper.ts';
import type { IdentityService } from './identity.service.ts';
import {
  AuthResultSchema,
  DeviceHeaders,
  LoginBody,
  RegisterBody,
  UpdateMeBody,
} from './identity.schemas.ts';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  /** Rate limits for register and login: per phone and per client address. */
  credentialRateLimits: RouteHook;
}

export const identityRoutes: FastifyPluginAsyncTypebox<IdentityRoutesOptions> = async (app, options) => {
  const { identity, credentialRateLimits } = options;
  const tags = ['account'];

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: RegisterBody,
        response: { 200: EnvelopeOf(AuthResultSchema) },
      },
      config: { refusesControlCharactersItself: true },
      preHandler: [credentialRateLimits, app.authenticateUser],
    },
    async (request) => ok(await identity.register(currentUser(request), request.body)),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: LoginBody,
        response: { 200: EnvelopeOf(AuthResultSchema) },
      },
      preHandler: [credentialRateLimits, app.authenticateUser],
    },
    async (request) => ok(await identity.login(currentUser(request), request.body)),
  );

  app.post(
    '/auth/logout',
    { schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(OkFlag) } } },
    async (request) => {
      const deviceKey = request.headers['x-device-id'];
      await identity.logout(
        typeof deviceKey === 'string' ? deviceKey : undefined,
        readBearerToken(request.headers.authorization),
      );
      return ok({ ok: true });
    },
  );

  app.get(
    '/auth/me',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(AccountSchema) } },
      preHandler: app.authenticateUser,
    },
    // The resolver has just read the account; answering from it saves a second query on the hottest route.
    async (request) => ok(toAccount(currentUser(request).account)),
  );

  app.patch(
    '/auth/me',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: UpdateMeBody,
        response: { 200: EnvelopeOf(AccountSchema) },
      },
      config: { refusesControlCharactersItself: true },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await identity.updateNickname(currentUser(request).id, request.body.nickname)),
  );
};
