import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { UserClient, body, expectError, newPhone, newUser } from '../../test/factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

async function countUsers(): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes an account row but leaves its device bound, as a half-finished erasure would. */
async function deleteAccountKeepingDevice(userId: string): Promise<void> {
  if (t.dialect === 'sqlite') {
    await sql`PRAGMA foreign_keys = OFF`.execute(t.db);
    await t.db.deleteFrom('users').where('id', '=', userId).execute();
    await sql`PRAGMA foreign_keys = ON`.execute(t.db);
  } else {
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}

describe('device identity', () => {
  it('creates a guest account the first time a device is seen, and keeps it', async () => {
    const client = new UserClient(t.app);
    const first = await client.me();
    expect(first).toMatchObject({ is_guest: true, phone: null, status: 'active' });
    expect(first.nickname).toMatch(/^访客/);
    const again = await client.me();
    expect(again.id).toBe(first.id);
    expect(await countUsers()).toBe(1);
  });

  it.each([
    ['missing', undefined],
    ['too short', 'abc'],
    ['bad characters', 'device id with spaces'],
    ['too long', 'x'.repeat(129)],
  ])('answers 401/40100 for a %s device id and creates nothing', async (_case, deviceId) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: deviceId === undefined ? {} : { 'x-device-id': deviceId },
    });
    expect(expectError(response, 401, 40100)).toBe('unauthorized');
    expect(await countUsers()).toBe(0);
  });

  it('refuses a device whose account is not active, at once', async () => {
    const client = await newUser(t.app);
    await t.db.updateTable('users').set({ status: 'banned' }).where('id', '=', client.userId!).execute();
    expect(expectError(await client.request('GET', '/api/v1/auth/me'), 401, 40100)).toBe('unauthorized');
  });

  it('answers 40112 请先登录 when the account behind a device cannot be loaded', async () => {
    const client = await newUser(t.app);
    await deleteAccountKeepingDevice(client.userId!);
    expect(expectError(await client.request('GET', '/api/v1/auth/me'), 401, 40112)).toBe('请先登录');
  });
});

describe('register', () => {
  it('turns the guest into a registered account and keeps its id', async () => {
    const client = await newUser(t.app);
    const guestId = client.userId;
    const phone = newPhone();
    const response = await client.request('POST', '/api/v1/auth/register', {
      phone,
      password: 'secret-pass-1',
      nickname: '小红',
    });
    expect(response.statusCode).toBe(200);
    const data = body<{ user: Record<string, unknown>; token: string; expires_at: string }>(response).data;
    expect(data.user).toMatchObject({ id: guestId, nickname: '小红', is_guest: false, status: 'active' });
    expect(data.user.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(data.token.length).toBeGreaterThan(40);
    expect(Date.parse(data.expires_at) - t.clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
    const stored = await t.db.selectFrom('user_sessions').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(data.token);
  });

  it('creates a new account and binds the device when the account already has a phone', async () => {
    const client = await newUser(t.app);
    const first = await client.register();
    client.token = null;
    const second = await client.register(newPhone(), 'another-pass-2', '第二个');
    expect(second.user.id).not.toBe(first.user.id);
    client.token = null;
    expect((await client.me()).id).toBe(second.user.id);
  });

  it('answers 400/40110 with the reason for a taken phone, changing nothing', async () => {
    const owner = await newUser(t.app);
    const { phone } = await owner.register();
    const other = await newUser(t.app);
    const response = await other.request('POST', '/api/v1/auth/register', {
      phone,
      password: 'whatever-123',
      nickname: 'x',
    });
    expect(expectError(response, 400, 40110)).toBe('该手机号已注册');
    expect((await other.me()).is_guest).toBe(true);
  });

  it.each([
    [{ phone: '12345', password: 'long-enough-1', nickname: 'a' }, '手机号格式不正确'],
    [{ phone: '13800000000', password: 'short', nickname: 'a' }, '密码长度需为8到72个字符'],
    [{ phone: '13800000000', password: 'long-enough-1', nickname: '   ' }, '昵称长度需为1到32个字符'],
    [
      { phone: '13800000000', password: 'long-enough-1', nickname: 'n'.repeat(33) },
      '昵称长度需为1到32个字符',
    ],
    // The route's own rule, not the generic NUL refusal (10001): a control character is a nickname failure.
    [
      { phone: '13800000000', password: 'long-enough-1', nickname: 'bad\u0000name' },
      '昵称长度需为1到32个字符',
    ],
    [{ phone: '1380000\u00000000', password: 'long-enough-1', nickname: 'a' }, '手机号格式不正确'],
  ])('answers 40110 for invalid input %o', async (payload, message) => {
    const client = await newUser(t.app);
    expect(expectError(await client.request('POST', '/api/v1/auth/register', payload), 400, 40110)).toBe(
      message,
    );
    expect((await client.me()).is_guest).toBe(true);
  });

  it('accepts +86 numbers as the same mainland phone', async () => {
    const client = await newUser(t.app);
    await client.register('+8613912345678');
    const other = await newUser(t.app);
    const response = await other.request('POST', '/api/v1/auth/register', {
      phone: '13912345678',
      password: 'long-enough-1',
      nickname: 'b',
    });
    expectError(response, 400, 40110);
  });

  it('answers 401/40100 without a device identity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { phone: newPhone(), password: 'long-enough-1', nickname: 'a' },
    });
    expectError(response, 401, 40100);
  });

  it('answers 400/10000 invalid request for an unparsable body and creates nothing', async () => {
    const client = new UserClient(t.app);
    const response = await client.request('POST', '/api/v1/auth/register', '{"phone": "138', {
      'content-type': 'application/json',
    });
    expect(expectError(response, 400, 10000)).toBe('invalid request');
    expect(await countUsers()).toBe(0);
  });

  it('answers 400/10001 naming a missing field', async () => {
    const client = new UserClient(t.app);
    const response = await client.request('POST', '/api/v1/auth/register', {
      phone: newPhone(),
      nickname: 'a',
    });
    expect(expectError(response, 400, 10001)).toContain('body.password');
    expect(await countUsers()).toBe(0);
  });
});

describe('login', () => {
  it('open mode accepts any password and signs the device into that account', async () => {
    const owner = await newUser(t.app);
    const { phone, user } = await owner.register();
    const elsewhere = await newUser(t.app);
    const response = await elsewhere.request('POST', '/api/v1/auth/login', {
      phone,
      password: 'not-the-password',
    });
    expect(response.statusCode).toBe(200);
    expect(body<{ user: { id: string } }>(response).data.user.id).toBe(user.id);
    // The request is then treated as that user: the device now resolves to it without a token.
    expect((await elsewhere.me()).id).toBe(user.id);
  });

  it('open mode upgrades a phone-less guest for an unknown phone, keeping its id', async () => {
    const client = await newUser(t.app);
    const guestId = client.userId;
    const response = await client.request('POST', '/api/v1/auth/login', {
      phone: newPhone(),
      password: 'anything-1',
    });
    expect(body<{ user: { id: string; is_guest: boolean } }>(response).data.user).toMatchObject({
      id: guestId,
      is_guest: false,
    });
  });

  it('strict mode verifies the password: 400/40111 on a mismatch', async () => {
    await t.close();
    t = await buildTestApp({ env: { AUTH_LOGIN_MODE: 'strict' } });
    const owner = await newUser(t.app);
    const { phone, password, user } = await owner.register();
    const other = await newUser(t.app);
    const wrong = await other.request('POST', '/api/v1/auth/login', { phone, password: 'wrong-password' });
    expect(expectError(wrong, 400, 40111)).toBe('手机号或密码错误');
    const unknown = await other.request('POST', '/api/v1/auth/login', { phone: newPhone(), password });
    expectError(unknown, 400, 40111);
    const right = await other.request('POST', '/api/v1/auth/login', { phone, password });
    expect(body<{ user: { id: string } }>(right).data.user.id).toBe(user.id);
  });

  it('refuses to sign into an account that is not active', async () => {
    const owner = await newUser(t.app);
    const { phone, user } = await owner.register();
    await t.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    const other = await newUser(t.app);
    expectError(
      await other.request('POST', '/api/v1/auth/login', { phone, password: 'x-password' }),
      400,
      40111,
    );
  });

  it('answers 10000 for an unparsable body and 40100 without a device', async () => {
    const client = new UserClient(t.app);
    const bad = await client.request('POST', '/api/v1/auth/login', 'not json', {
      'content-type': 'application/json',
    });
    expectError(bad, 400, 10000);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { phone: newPhone(), password: 'x-password' },
    });
    expectError(anonymous, 401, 40100);
  });

  it('rate limits per phone: the 11th attempt in a minute answers 429/42900', async () => {
    const phone = newPhone();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const client = new UserClient(t.app);
      const response = await client.request('POST', '/api/v1/auth/login', {
        phone,
        password: 'any-password',
      });
      expect(response.statusCode).toBe(200);
    }
    const client = new UserClient(t.app);
    const refused = await client.request('POST', '/api/v1/auth/login', { phone, password: 'any-password' });
    expectError(refused, 429, 42900);
    expect(refused.headers['retry-after']).toBeDefined();
    t.clock.advance(61_000);
    const later = await client.request('POST', '/api/v1/auth/login', { phone, password: 'any-password' });
    expect(later.statusCode).toBe(200);
  });
});

describe('client address behind a proxy (TRUST_PROXY)', () => {
  async function loginsFrom(app: TestApp, forwardedFor: string[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const address of forwardedFor) {
      const client = new UserClient(app.app);
      const response = await client.request(
        'POST',
        '/api/v1/auth/login',
        { phone: newPhone(), password: 'any-password' },
        { 'x-forwarded-for': address },
      );
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('ignores X-Forwarded-For from an untrusted peer, so a forged header does not escape the address limit', async () => {
    const direct = await buildTestApp({ env: { RATE_LIMIT_ADDRESS_PER_MINUTE: '2' } });
    try {
      expect(await loginsFrom(direct, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([
        200, 200, 429,
      ]);
    } finally {
      await direct.close();
    }
  });

  it('counts each forwarded client on its own when the peer is a trusted proxy', async () => {
    const proxied = await buildTestApp({
      env: { RATE_LIMIT_ADDRESS_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' },
    });
    try {
      expect(await loginsFrom(proxied, ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.1'])).toEqual(
        [200, 200, 200, 429],
      );
    } finally {
      await proxied.close();
    }
  });
});

describe('sessions', () => {
  it('a valid token resolves its own user; the scheme word is case-insensitive', async () => {
    const client = await newUser(t.app);
    const { token, user } = await client.register();
    const otherDevice = new UserClient(t.app);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await otherDevice.request('GET', '/api/v1/auth/me', undefined, {
        authorization: `${scheme} ${token}`,
      });
      expect(body<{ id: string }>(response).data.id).toBe(user.id);
    }
  });

  it('answers 401/40100 for an unknown token', async () => {
    const client = new UserClient(t.app);
    client.token = 'usr_not-a-real-token';
    expectError(await client.request('GET', '/api/v1/auth/me'), 401, 40100);
  });

  it('tokens expire after 30 days', async () => {
    const client = await newUser(t.app);
    await client.register();
    t.clock.advance(29 * 24 * 3600 * 1000);
    expect((await client.request('GET', '/api/v1/auth/me')).statusCode).toBe(200);
    t.clock.advance(2 * 24 * 3600 * 1000);
    expectError(await client.request('GET', '/api/v1/auth/me'), 401, 40100);
  });

  it('a token of an account that is no longer active is refused', async () => {
    const client = await newUser(t.app);
    const { user } = await client.register();
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
    expectError(await client.request('GET', '/api/v1/auth/me'), 401, 40100);
  });
});

describe('logout', () => {
  it('revokes the token and unbinds the device: the next call is a new guest', async () => {
    const client = await newUser(t.app);
    const { token, user } = await client.register();
    const response = await client.request('POST', '/api/v1/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ code: 0, message: 'success', data: { ok: true } });
    expectError(await client.request('GET', '/api/v1/auth/me'), 401, 40100);
    client.token = null;
    const fresh = await client.me();
    expect(fresh.id).not.toBe(user.id);
    expect(fresh.is_guest).toBe(true);
    const other = new UserClient(t.app);
    other.token = token;
    expectError(await other.request('GET', '/api/v1/auth/me'), 401, 40100);
  });

  it('always answers 200, even with nothing to revoke or an empty JSON body', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(body(anonymous)).toMatchObject({ code: 0, data: { ok: true } });
    const withHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json', authorization: 'Bearer nonsense' },
      payload: '',
    });
    expect(withHeader.statusCode).toBe(200);
  });
});

describe('PATCH /auth/me', () => {
  it('changes the nickname', async () => {
    const client = await newUser(t.app);
    const response = await client.request('PATCH', '/api/v1/auth/me', { nickname: '  新名字  ' });
    expect(body<{ nickname: string }>(response).data.nickname).toBe('新名字');
    expect((await client.me()).nickname).toBe('新名字');
  });

  it.each(['', '   ', 'x'.repeat(33), 'bad\u0000name'])(
    'answers 40113 for nickname %j and keeps the old one',
    async (nickname) => {
      const client = await newUser(t.app);
      const before = (await client.me()).nickname;
      expectError(await client.request('PATCH', '/api/v1/auth/me', { nickname }), 400, 40113);
      expect((await client.me()).nickname).toBe(before);
    },
  );

  it('answers 10000 for an unparsable body and 10001 for a wrong type', async () => {
    const client = await newUser(t.app);
    expectError(
      await client.request('PATCH', '/api/v1/auth/me', '{', { 'content-type': 'application/json' }),
      400,
      10000,
    );
    expect(
      expectError(await client.request('PATCH', '/api/v1/auth/me', { nickname: { text: 'x' } }), 400, 10001),
    ).toContain('body.nickname');
  });

  it('answers 40100 without a device', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/me',
      payload: { nickname: 'x' },
    });
    expectError(response, 401, 40100);
  });
});
