import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import type { AdminClient } from '../../test/factories.ts';
import {
  UserClient,
  body,
  expectError,
  loginSuperAdmin,
  newAdminWith,
  newUser,
} from '../../test/factories.ts';
import { ALL_PERMISSIONS } from './permissions.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Role {
  id: string;
  code: string;
  name: string;
  permissions: string[];
}

async function roles(admin: AdminClient): Promise<Role[]> {
  return body<{ items: Role[] }>(await admin.request('GET', '/api/v1/admin/roles')).data.items;
}

async function auditCount(): Promise<number> {
  const row = await t.db
    .selectFrom('audit_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('admin session', () => {
  it('bootstraps a super admin who holds every permission', async () => {
    const admin = await loginSuperAdmin(t.app);
    const me = body<{ username: string; role: string; permissions: string[] }>(
      await admin.request('GET', '/api/v1/admin/me'),
    ).data;
    expect(me.username).toBe('admin');
    expect(me.role).toBe('super_admin');
    expect(me.permissions.sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('answers 401/40101 for a wrong password or unknown admin', async () => {
    for (const payload of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: TEST_ADMIN_PASSWORD },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload });
      expectError(response, 401, 40101);
    }
  });

  it('rate limits repeated logins per username', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { username: 'admin', password: 'wrong-password' },
      });
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expectError(refused, 429, 42900);
  });

  it('logout revokes the admin token', async () => {
    const admin = await loginSuperAdmin(t.app);
    expect((await admin.request('POST', '/api/v1/admin/auth/logout')).statusCode).toBe(200);
    expectError(await admin.request('GET', '/api/v1/admin/me'), 401, 40101);
  });

  it('admin sessions expire', async () => {
    const admin = await loginSuperAdmin(t.app);
    t.clock.advance(13 * 3600 * 1000);
    expectError(await admin.request('GET', '/api/v1/admin/me'), 401, 40101);
  });

  it('a user token never opens an admin route', async () => {
    const user = await newUser(t.app);
    const { token } = await user.register();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expectError(response, 401, 40101);
  });

  it('an admin token does not identify a user', async () => {
    const admin = await loginSuperAdmin(t.app);
    const client = new UserClient(t.app);
    client.token = admin.token;
    expectError(await client.request('GET', '/api/v1/auth/me'), 401, 40100);
  });
});

describe('permission guard', () => {
  // The loop over every admin route lives in admin-permission-matrix.test.ts.
  it('a permission opens exactly its routes', async () => {
    const reader = await newAdminWith(t, ['admin.roles.read']);
    expect((await reader.request('GET', '/api/v1/admin/roles')).statusCode).toBe(200);
    const someRole = (await roles(reader))[1]!;
    expectError(
      await reader.request('PUT', `/api/v1/admin/roles/${someRole.id}/permissions`, { permissions: [] }),
      403,
      40300,
    );
  });
});

describe('roles', () => {
  it('lists the built-in roles with ids and permissions', async () => {
    const admin = await loginSuperAdmin(t.app);
    const codes = (await roles(admin)).map((role) => role.code);
    expect(codes).toEqual(
      expect.arrayContaining(['super_admin', 'operator', 'content_editor', 'analyst', 'support']),
    );
  });

  it('get by id answers the role, 404 when unknown', async () => {
    const admin = await loginSuperAdmin(t.app);
    const operator = (await roles(admin)).find((role) => role.code === 'operator')!;
    const response = await admin.request('GET', `/api/v1/admin/roles/${operator.id}`);
    expect(body<Role>(response).data).toMatchObject({ id: operator.id, code: 'operator' });
    expect(body<Role>(response).data.permissions).toContain('admin.users.read');
    expectError(
      await admin.request('GET', '/api/v1/admin/roles/00000000-0000-4000-8000-000000000000'),
      404,
      40400,
    );
  });

  it('replaces permissions, writes an audit entry, and takes effect on the next request', async () => {
    const root = await loginSuperAdmin(t.app);
    const analyst = (await roles(root)).find((role) => role.code === 'analyst')!;
    const created = await root.request('POST', '/api/v1/admin/admins', {
      username: 'ana',
      password: 'analyst-pass-1',
      role_id: analyst.id,
    });
    expect(created.statusCode).toBe(200);
    const ana = await (await import('../../test/factories.ts')).loginAdmin(t.app, 'ana', 'analyst-pass-1');
    expectError(await ana.request('GET', '/api/v1/admin/roles'), 403, 40300);

    const response = await root.request('PUT', `/api/v1/admin/roles/${analyst.id}/permissions`, {
      permissions: ['admin.roles.read', 'admin.analytics.read', 'admin.roles.read'],
    });
    expect(body<Role>(response).data.permissions).toEqual(['admin.analytics.read', 'admin.roles.read']);
    expect((await ana.request('GET', '/api/v1/admin/roles')).statusCode).toBe(200);

    const logs = body<{ items: { action: string; target_id: string; admin_id: string; after: unknown }[] }>(
      await root.request('GET', `/api/v1/admin/audit-logs?target_id=${analyst.id}`),
    ).data.items;
    expect(logs[0]).toMatchObject({
      action: 'role.permissions.replace',
      target_id: analyst.id,
      admin_id: root.adminId,
      after: { permissions: ['admin.analytics.read', 'admin.roles.read'] },
    });
  });

  it('answers 400 naming an unknown permission code and changes nothing', async () => {
    const root = await loginSuperAdmin(t.app);
    const operator = (await roles(root)).find((role) => role.code === 'operator')!;
    const before = await auditCount();
    const response = await root.request('PUT', `/api/v1/admin/roles/${operator.id}/permissions`, {
      permissions: ['admin.users.read', 'admin.make_coffee'],
    });
    expect(expectError(response, 400, 10001)).toContain('admin.make_coffee');
    const after = (await roles(root)).find((role) => role.code === 'operator')!;
    expect(after.permissions).toEqual(operator.permissions);
    expect(await auditCount()).toBe(before);
  });

  it('answers 404 for an unknown role and 400 for a missing body field', async () => {
    const root = await loginSuperAdmin(t.app);
    expectError(
      await root.request('PUT', '/api/v1/admin/roles/00000000-0000-4000-8000-000000000000/permissions', {
        permissions: [],
      }),
      404,
      40400,
    );
    const operator = (await roles(root)).find((role) => role.code === 'operator')!;
    expect(
      expectError(
        await root.request('PUT', `/api/v1/admin/roles/${operator.id}/permissions`, {}),
        400,
        10001,
      ),
    ).toContain('body.permissions');
  });
});

describe('admin accounts', () => {
  it('creates, lists and updates admins with audit entries', async () => {
    const root = await loginSuperAdmin(t.app);
    const support = (await roles(root)).find((role) => role.code === 'support')!;
    const created = body<{ id: string; role: string }>(
      await root.request('POST', '/api/v1/admin/admins', {
        username: 'helper',
        password: 'helper-pass-1',
        role_id: support.id,
      }),
    ).data;
    expect(created.role).toBe('support');
    const list = body<{ items: { username: string }[]; total: number }>(
      await root.request('GET', '/api/v1/admin/admins?limit=1'),
    ).data;
    expect(list.total).toBe(2);
    expect(list.items).toHaveLength(1);

    const duplicate = await root.request('POST', '/api/v1/admin/admins', {
      username: 'helper',
      password: 'helper-pass-1',
      role_id: support.id,
    });
    expectError(duplicate, 409, 40900);

    const helper = await (
      await import('../../test/factories.ts')
    ).loginAdmin(t.app, 'helper', 'helper-pass-1');
    const disabled = await root.request('PATCH', `/api/v1/admin/admins/${created.id}`, { disabled: true });
    expect(body<{ disabled: boolean }>(disabled).data.disabled).toBe(true);
    expectError(await helper.request('GET', '/api/v1/admin/me'), 401, 40101);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username: 'helper', password: 'helper-pass-1' },
    });
    expectError(relogin, 401, 40101);

    const actions = body<{ items: { action: string }[] }>(
      await root.request('GET', `/api/v1/admin/audit-logs?target_type=admin&target_id=${created.id}`),
    ).data.items.map((entry) => entry.action);
    expect(actions.sort()).toEqual(['admin.create', 'admin.update']);
  });

  it('validates bodies: bad username, short password, unknown role', async () => {
    const root = await loginSuperAdmin(t.app);
    const support = (await roles(root)).find((role) => role.code === 'support')!;
    expectError(
      await root.request('POST', '/api/v1/admin/admins', {
        username: 'a b',
        password: 'helper-pass-1',
        role_id: support.id,
      }),
      400,
      10001,
    );
    expectError(
      await root.request('POST', '/api/v1/admin/admins', {
        username: 'abc',
        password: 'short',
        role_id: support.id,
      }),
      400,
      10001,
    );
    expectError(
      await root.request('POST', '/api/v1/admin/admins', {
        username: 'abc',
        password: 'helper-pass-1',
        role_id: 'nope',
      }),
      400,
      10001,
    );
  });

  it('an admin cannot disable their own account', async () => {
    const root = await loginSuperAdmin(t.app);
    expectError(
      await root.request('PATCH', `/api/v1/admin/admins/${root.adminId}`, { disabled: true }),
      400,
      40000,
    );
  });
});

describe('audit logs', () => {
  it('filters by admin, action, target and time range, paginated', async () => {
    const root = await loginSuperAdmin(t.app);
    const all = await roles(root);
    for (const role of all.filter((candidate) => candidate.code !== 'super_admin')) {
      await root.request('PUT', `/api/v1/admin/roles/${role.id}/permissions`, {
        permissions: ['admin.audit.read'],
      });
      t.clock.advance(1000);
    }
    const page = body<{ items: { action: string; created_at: string }[]; total: number }>(
      await root.request(
        'GET',
        `/api/v1/admin/audit-logs?action=role.permissions.replace&admin_id=${root.adminId}&limit=2`,
      ),
    ).data;
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.created_at > page.items[1]!.created_at).toBe(true);
    const from = new Date(t.clock.now().getTime() - 2500).toISOString();
    const recent = body<{ total: number }>(
      await root.request('GET', `/api/v1/admin/audit-logs?from=${from}`),
    ).data;
    expect(recent.total).toBe(2);
    expectError(await root.request('GET', '/api/v1/admin/audit-logs?limit=101'), 400, 10001);
    // An offset past any table is an empty page, until it is too large to be an exact integer (then 400, not 500).
    const far = await root.request('GET', `/api/v1/admin/audit-logs?offset=${Number.MAX_SAFE_INTEGER}`);
    const farPage = body<{ items: unknown[]; total: number }>(far).data;
    expect(farPage.items).toEqual([]);
    expect(farPage.total).toBeGreaterThanOrEqual(4);
    for (const offset of ['1e21', '9007199254740992'])
      expect(
        expectError(await root.request('GET', `/api/v1/admin/audit-logs?offset=${offset}`), 400, 10001),
      ).toContain('offset');
  });
});
