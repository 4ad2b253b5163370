import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { readBearerToken } from '../security/session-tokens.ts';
import type { AdminService } from './admin.service.ts';
import { isPermissionCode } from './permissions.ts';

export interface AdminPrincipal {
  id: string;
  username: string;
  roleId: string;
  roleCode: string;
  permissions: ReadonlySet<string>;
  sessionId: string;
}

export interface AdminRouteEntry {
  method: string;
  url: string;
  access: string;
}

const ADMIN_PREFIX = '/api/v1/admin/';

/**
 * Attaches the admin guard to every route under `/api/v1/admin/` as it is registered. A route must declare
 * `config.adminAccess` (a permission code, `session`, or `public` for login); one that does not stops start-up.
 * The table it fills lets tests check every admin route for 401 and 403.
 */
export function createAdminRouteGuard(admins: AdminService, table: AdminRouteEntry[]) {
  return (route: RouteOptions): void => {
    if (!route.url.startsWith(ADMIN_PREFIX)) return;
    const access = route.config?.adminAccess;
    if (access === undefined) throw new Error(`admin route ${route.url} declares no adminAccess`);
    if (access === 'public') return;
    if (access !== 'session' && !isPermissionCode(access)) {
      throw new Error(`admin route ${route.url} declares unknown permission ${access}`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
    const guard = async (request: FastifyRequest): Promise<void> => {
      const principal = await admins.resolveSession(readBearerToken(request.headers.authorization));
      if (access !== 'session' && !principal.permissions.has(access)) {
        throw new AppError('FORBIDDEN', `permission ${access} required`);
      }
      request.admin = principal;
    };
    // The guard runs before validation, so an unauthenticated caller learns nothing about the body it should send.
    const existing = route.preValidation;
    route.preValidation = existing ? [guard, ...[existing].flat()] : [guard];
  };
}

/** The signed-in admin and their address, as the audit log records them. */
export function adminActorOf(request: FastifyRequest): { adminId: string; clientAddress: string | null } {
  if (!request.admin) throw new AppError('ADMIN_UNAUTHORIZED');
  return { adminId: request.admin.id, clientAddress: request.ip ?? null };
}
