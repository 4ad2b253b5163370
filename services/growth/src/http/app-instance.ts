import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { AdminPrincipal } from '../admin/admin-access.ts';
import { AppError } from '../errors/app-error.ts';
import type { AuthenticatedUser } from '../identity/identity.service.ts';

/** The Fastify instance with TypeBox types flowing from route schemas into handlers. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * What an admin route requires: a permission code, or `session` for any signed-in admin. Every route under
 * `/api/v1/admin/` must declare one (start-up fails otherwise), so no admin route can skip the guard.
 */
export type AdminRouteAccess = string;

declare module 'fastify' {
  interface FastifyRequest {
    caller?: AuthenticatedUser;
    admin?: AdminPrincipal;
  }
  interface FastifyContextConfig {
    adminAccess?: AdminRouteAccess | 'public';
  }
  interface FastifyInstance {
    /** preHandler that resolves the calling user from `X-Device-Id` and the bearer token. */
    authenticateUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The user resolved by `authenticateUser`; calling it on a route without that hook is a programming error. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.caller) throw new AppError('UNAUTHORIZED');
  return request.caller;
}

export function currentAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new AppError('ADMIN_UNAUTHORIZED');
  return request.admin;
}
