import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ALL_PERMISSIONS } from '../src/admin/permissions.ts';
import type { GrowthApp } from '../src/app.ts';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME, type TestApp } from './build-test-app.ts';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function newDeviceId(): string {
  return `dev-${randomUUID()}`;
}

let phoneCounter = 0;
/** A unique mainland mobile number per call within a test process. */
export function newPhone(): string {
  phoneCounter += 1;
  const suffix = `${process.pid % 1000}`.padStart(3, '0') + `${phoneCounter}`.padStart(5, '0');
  return `139${suffix}`;
}

export function body<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>();
}

/** Asserts an error envelope and returns its message. */
export function expectError(response: LightMyRequestResponse, status: number, code: number): string {
  expect({ status: response.statusCode, code: body(response).code }).toEqual({ status, code });
  return body(response).message;
}

/** A client with its own device id, optionally signed in; sends JSON with the right headers. */
export class UserClient {
  token: string | null = null;
  userId: string | null = null;

  constructor(
    private readonly app: GrowthApp,
    readonly deviceId: string = newDeviceId(),
  ) {}

  request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.app.inject({
      method,
      url,
      headers: {
        'x-device-id': this.deviceId,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }

  async me(): Promise<{
    id: string;
    nickname: string;
    is_guest: boolean;
    phone: string | null;
    status: string;
  }> {
    const response = await this.request('GET', '/api/v1/auth/me');
    expect(response.statusCode).toBe(200);
    const account = body<{
      id: string;
      nickname: string;
      is_guest: boolean;
      phone: string | null;
      status: string;
    }>(response).data;
    this.userId = account.id;
    return account;
  }

  async register(phone = newPhone(), password = 'correct-horse-9', nickname = '小明') {
    const response = await this.request('POST', '/api/v1/auth/register', { phone, password, nickname });
    expect(response.statusCode, response.body).toBe(200);
    const data = body<{ user: { id: string }; token: string }>(response).data;
    this.token = data.token;
    this.userId = data.user.id;
    return { phone, password, ...data };
  }
}

export async function newUser(app: GrowthApp): Promise<UserClient> {
  const client = new UserClient(app);
  await client.me();
  return client;
}

/** Admin calls with a bearer token. */
export class AdminClient {
  constructor(
    private readonly app: GrowthApp,
    readonly token: string,
    readonly adminId: string,
  ) {}

  request(method: InjectOptions['method'], url: string, payload?: unknown) {
    return this.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${this.token}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }
}

export async function loginAdmin(app: GrowthApp, username: string, password: string): Promise<AdminClient> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { username, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = body<{ token: string; admin: { id: string } }>(response).data;
  return new AdminClient(app, data.token, data.admin.id);
}

export function loginSuperAdmin(app: GrowthApp): Promise<AdminClient> {
  return loginAdmin(app, TEST_ADMIN_USERNAME, TEST_ADMIN_PASSWORD);
}

let adminCounter = 0;
/** An admin whose role holds exactly `permissions`: a fresh role written straight to the store, then the API. */
export async function newAdminWith(testApp: TestApp, permissions: string[]): Promise<AdminClient> {
  const { app, db, clock } = testApp;
  adminCounter += 1;
  const roleId = randomUUID();
  const at = clock.now().toISOString();
  await db
    .insertInto('admin_roles')
    .values({
      id: roleId,
      code: `test_role_${adminCounter}_${roleId.slice(0, 8)}`,
      name: 'test',
      builtin: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (permissions.length > 0) {
    await db
      .insertInto('admin_role_permissions')
      .values(permissions.map((permission) => ({ role_id: roleId, permission })))
      .execute();
  }
  const root = await loginSuperAdmin(app);
  const username = `staff${adminCounter}x${roleId.slice(0, 6)}`;
  const password = 'staff-password-1';
  const created = await root.request('POST', '/api/v1/admin/admins', { username, password, role_id: roleId });
  expect(created.statusCode, created.body).toBe(200);
  return loginAdmin(app, username, password);
}

export { ALL_PERMISSIONS };
