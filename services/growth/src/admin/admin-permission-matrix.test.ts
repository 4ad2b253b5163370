import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { AdminClient, body } from '../../test/factories.ts';
import { createSessionToken, hashSessionToken } from '../security/session-tokens.ts';
import type { AdminRouteEntry } from './admin-access.ts';
import { ALL_PERMISSIONS } from './permissions.ts';

/**
 * The permission matrix, generated from `app.adminRouteTable` (the guard records every admin route it protects, so a
 * route added by any feature is covered without editing this file): each route answers 401 without a session and 403
 * to a session that holds every permission but its own, and is reachable (neither 401 nor 403) with exactly its own.
 */

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const SESSION_TTL_MS = 3600_000;

let t: TestApp;
let routes: AdminRouteEntry[];
beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.adminRouteTable;
});
afterAll(async () => {
  await t.close();
});

let roleCounter = 0;
/**
 * A signed-in admin whose role holds exactly `permissions`, written straight to the store: the matrix needs dozens of
 * them, and login with its slow password hash is covered by admin.test.ts. The guard reads the same rows either way.
 */
async function sessionWith(permissions: readonly string[]): Promise<AdminClient> {
  roleCounter += 1;
  const at = t.clock.now().toISOString();
  const roleId = randomUUID();
  const adminId = randomUUID();
  const token = createSessionToken('adm');
  await t.db
    .insertInto('admin_roles')
    .values({
      id: roleId,
      code: `matrix_${roleCounter}`,
      name: 'matrix',
      builtin: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (permissions.length > 0) {
    await t.db
      .insertInto('admin_role_permissions')
      .values(permissions.map((permission) => ({ role_id: roleId, permission })))
      .execute();
  }
  await t.db
    .insertInto('admins')
    .values({
      id: adminId,
      username: `matrix${roleCounter}`,
      password_hash: 'unused',
      role_id: roleId,
      disabled: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await t.db
    .insertInto('admin_sessions')
    .values({
      id: randomUUID(),
      admin_id: adminId,
      token_hash: hashSessionToken(token),
      created_at: at,
      expires_at: new Date(t.clock.now().getTime() + SESSION_TTL_MS).toISOString(),
      revoked_at: null,
    })
    .execute();
  return new AdminClient(t.app, token, adminId);
}

function urlOf(route: AdminRouteEntry): string {
  return route.url.replace(/:[A-Za-z_]+/g, PLACEHOLDER_ID);
}

function label(route: AdminRouteEntry): string {
  return `${route.method} ${route.url} (${route.access})`;
}

/** An empty JSON body for methods that take one: input validation must not run before the guard. */
function payloadFor(route: AdminRouteEntry): unknown {
  return route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
}

function call(client: AdminClient | null, route: AdminRouteEntry) {
  const method = route.method as InjectOptions['method'];
  if (client) return client.request(method, urlOf(route), payloadFor(route));
  const payload = payloadFor(route);
  return t.app.inject({
    method,
    url: urlOf(route),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

function guardedRoutes(): AdminRouteEntry[] {
  return routes.filter((route) => route.access !== 'session');
}

describe('admin permission matrix', () => {
  it('records every admin route with its access, including the console routes', () => {
    const entries = routes.map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(entries).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/me session',
        'GET /api/v1/admin/roles admin.roles.read',
        'PUT /api/v1/admin/roles/:id/permissions admin.roles.write',
        'GET /api/v1/admin/audit-logs admin.audit.read',
        'GET /api/v1/admin/users admin.users.read',
        'GET /api/v1/admin/users/:id admin.users.read',
        'POST /api/v1/admin/users/:id/status admin.users.status.write',
        'GET /api/v1/admin/users/:id/status-transitions admin.users.read',
        'GET /api/v1/admin/users/:id/insight admin.users.read',
        'GET /api/v1/admin/analytics/overview admin.analytics.read',
        'GET /api/v1/admin/analytics/pages admin.analytics.read',
        'GET /api/v1/admin/analytics/exits admin.analytics.read',
        'GET /api/v1/admin/analytics/clicks admin.analytics.read',
        'GET /api/v1/admin/analytics/funnel admin.analytics.read',
        'GET /api/v1/admin/analytics/funnels admin.analytics.read',
        'POST /api/v1/admin/analytics/funnels growth.write',
        'PUT /api/v1/admin/analytics/funnels/:key growth.write',
      ]),
    );
    for (const route of routes) {
      expect(
        route.access === 'session' || (ALL_PERMISSIONS as string[]).includes(route.access),
        label(route),
      ).toBe(true);
    }
    // The login route is the one public admin route; it is not in the table.
    expect(entries.some((entry) => entry.includes('/admin/auth/login'))).toBe(false);
  });

  it('every admin route answers 401/40101 without a session, before looking at its input', async () => {
    for (const route of routes) {
      const response = await call(null, route);
      expect([label(route), response.statusCode, body(response).code]).toEqual([label(route), 401, 40101]);
    }
  });

  it('a user token is no admin session on any admin route', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'x-device-id': 'matrix-device-0001' },
      payload: { phone: '13700009999', password: 'correct-horse-9', nickname: 'matrix' },
    });
    const { token } = body<{ token: string }>(registered).data;
    for (const route of routes) {
      const response = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: urlOf(route),
        headers: { authorization: `Bearer ${token}` },
      });
      expect([label(route), response.statusCode]).toEqual([label(route), 401]);
    }
  });

  it('every guarded route answers 403/40300 to a session holding every permission except its own', async () => {
    const lacking = new Map<string, AdminClient>();
    for (const route of guardedRoutes()) {
      let admin = lacking.get(route.access);
      if (!admin) {
        admin = await sessionWith(ALL_PERMISSIONS.filter((permission) => permission !== route.access));
        lacking.set(route.access, admin);
      }
      const response = await call(admin, route);
      expect([label(route), response.statusCode, body(response).code]).toEqual([label(route), 403, 40300]);
    }
  });

  it('every admin route is reachable with exactly its own permission (sessions: with none)', async () => {
    const holding = new Map<string, AdminClient>();
    for (const route of routes) {
      // Session routes include logout, which ends the session it is called with: each gets a fresh admin.
      let admin = route.access === 'session' ? undefined : holding.get(route.access);
      if (!admin) {
        admin = await sessionWith(route.access === 'session' ? [] : [route.access]);
        if (route.access !== 'session') holding.set(route.access, admin);
      }
      const response = await call(admin, route);
      expect([label(route), [401, 403].includes(response.statusCode)], response.body).toEqual([
        label(route),
        false,
      ]);
    }
  });
});
