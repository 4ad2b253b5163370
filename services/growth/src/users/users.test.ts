import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  UserClient,
  body,
  expectError,
  loginSuperAdmin,
  newUser,
  type AdminClient,
} from '../../test/factories.ts';
import type { UserStatus } from './users.tables.ts';

let t: TestApp;
let root: AdminClient;
beforeEach(async () => {
  t = await buildTestApp();
  root = await loginSuperAdmin(t.app);
});
afterEach(async () => {
  await t.close();
});

interface UserItem {
  id: string;
  nickname: string;
  phone: string | null;
  status: UserStatus;
  is_guest: boolean;
  created_at: string;
  last_seen_at: string | null;
}
interface Transition {
  id: string;
  user_id: string;
  from_status: UserStatus;
  to_status: UserStatus;
  reason: string;
  admin_id: string;
  admin_username: string | null;
  created_at: string;
}
interface AuditItem {
  action: string;
  target_type: string;
  target_id: string;
  admin_id: string;
  before: unknown;
  after: Record<string, unknown>;
}

const SECOND_MS = 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function search(query: string) {
  return root.request('GET', `/api/v1/admin/users?${query}`);
}

function changeStatus(userId: string, payload: unknown) {
  return root.request('POST', `/api/v1/admin/users/${userId}/status`, payload);
}

async function moveTo(userId: string, status: UserStatus, reason = 'test') {
  const response = await changeStatus(userId, { status, reason });
  expect(response.statusCode, response.body).toBe(200);
  t.clock.advance(SECOND_MS);
  return body<{ user: UserItem; transition: Transition; revoked_sessions: number }>(response).data;
}

async function statusOf(userId: string): Promise<UserStatus> {
  const row = await t.db
    .selectFrom('users')
    .select('status')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function countRows(table: 'user_status_transitions' | 'audit_logs'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function registered(phone: string, nickname: string): Promise<UserClient> {
  const client = new UserClient(t.app);
  await client.register(phone, 'correct-horse-9', nickname);
  t.clock.advance(SECOND_MS);
  return client;
}

describe('GET /admin/users', () => {
  it('finds users by phone digits, full number in any spelling, nickname and id, newest first', async () => {
    const li = await registered('13800135678', 'LiLei');
    const han = await registered('13912345678', '韩梅梅');
    const guest = await newUser(t.app);

    const all = body<{ items: UserItem[]; total: number }>(await search('')).data;
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.id)).toEqual([guest.userId, han.userId, li.userId]);
    expect(all.items[2]).toMatchObject({
      id: li.userId,
      nickname: 'LiLei',
      phone: '138****5678',
      status: 'active',
      is_guest: false,
    });
    expect(all.items[0]).toMatchObject({ phone: null, is_guest: true });
    expect(all.items[0]!.last_seen_at).toEqual(expect.any(String));

    const ids = async (q: string) =>
      body<{ items: UserItem[] }>(await search(`q=${encodeURIComponent(q)}`)).data.items.map(
        (item) => item.id,
      );
    expect(await ids('5678')).toEqual([han.userId, li.userId]);
    expect(await ids('0013')).toEqual([li.userId]);
    expect(await ids('13800135678')).toEqual([li.userId]);
    expect(await ids('+86 138-0013-5678')).toEqual([li.userId]);
    expect(await ids('lile')).toEqual([li.userId]);
    expect(await ids('梅')).toEqual([han.userId]);
    expect(await ids(han.userId!)).toEqual([han.userId]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('nobody')).toEqual([]);
  });

  it('pages with limit and offset, filters by status, and validates the query', async () => {
    const users = [];
    for (let index = 0; index < 5; index += 1) {
      users.push(await newUser(t.app));
      t.clock.advance(SECOND_MS);
    }
    const page = body<{ items: UserItem[]; total: number }>(await search('limit=2&offset=1')).data;
    expect(page.total).toBe(5);
    expect(page.items.map((item) => item.id)).toEqual([users[3]!.userId, users[2]!.userId]);

    await moveTo(users[0]!.userId!, 'suspended');
    const suspended = body<{ items: UserItem[]; total: number }>(await search('status=suspended')).data;
    expect(suspended).toMatchObject({ total: 1, items: [{ id: users[0]!.userId, status: 'suspended' }] });

    expect(expectError(await search('limit=101'), 400, 10001)).toContain('querystring.limit');
    expect(expectError(await search('status=deleted'), 400, 10001)).toContain('querystring.status');
  });
});

describe('GET /admin/users/{id}', () => {
  it('answers the detail with device and session counts, 404 for an unknown id', async () => {
    const user = await registered('13700001111', '小红');
    const detail = body<Record<string, unknown>>(
      await root.request('GET', `/api/v1/admin/users/${user.userId}`),
    ).data;
    expect(detail).toMatchObject({
      id: user.userId,
      nickname: '小红',
      phone: '137****1111',
      status: 'active',
      is_guest: false,
      device_count: 1,
      open_session_count: 1,
      timezone: null,
    });
    expectError(await root.request('GET', `/api/v1/admin/users/${UNKNOWN_ID}`), 404, 40400);
    expectError(await root.request('GET', '/api/v1/admin/users/not-a-user'), 404, 40400);
  });
});

describe('POST /admin/users/{id}/status', () => {
  const validEdges: [UserStatus, UserStatus][] = [
    ['active', 'disabled'],
    ['active', 'suspended'],
    ['active', 'banned'],
    ['disabled', 'active'],
    ['suspended', 'active'],
    ['banned', 'active'],
    ['disabled', 'banned'],
    ['suspended', 'banned'],
  ];

  it.each(validEdges)('moves %s → %s with a transition record and an audit entry', async (from, to) => {
    const user = await newUser(t.app);
    const userId = user.userId!;
    if (from !== 'active') await moveTo(userId, from, 'setup');
    const transitionsBefore = await countRows('user_status_transitions');
    const auditBefore = await countRows('audit_logs');

    const response = await changeStatus(userId, { status: to, reason: '  违反社区规范  ' });
    expect(response.statusCode, response.body).toBe(200);
    const result = body<{ user: UserItem; transition: Transition }>(response).data;
    expect(result.user).toMatchObject({ id: userId, status: to });
    expect(result.transition).toMatchObject({
      user_id: userId,
      from_status: from,
      to_status: to,
      reason: '违反社区规范',
      admin_id: root.adminId,
    });
    expect(await statusOf(userId)).toBe(to);

    const stored = await t.db
      .selectFrom('user_status_transitions')
      .selectAll()
      .where('id', '=', result.transition.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: userId,
      from_status: from,
      to_status: to,
      reason: '违反社区规范',
      admin_id: root.adminId,
      created_at: t.clock.now().toISOString(),
    });
    expect(await countRows('user_status_transitions')).toBe(transitionsBefore + 1);
    expect(await countRows('audit_logs')).toBe(auditBefore + 1);

    const audit = body<{ items: AuditItem[] }>(
      await root.request('GET', `/api/v1/admin/audit-logs?target_type=user&target_id=${userId}&limit=1`),
    ).data.items[0];
    expect(audit).toMatchObject({
      action: 'user.status.change',
      target_type: 'user',
      target_id: userId,
      admin_id: root.adminId,
      before: { status: from },
      after: { status: to, reason: '违反社区规范', transition_id: result.transition.id },
    });
  });

  const invalidEdges: [UserStatus, UserStatus][] = [
    ['active', 'active'],
    ['disabled', 'disabled'],
    ['disabled', 'suspended'],
    ['suspended', 'disabled'],
    ['banned', 'disabled'],
    ['banned', 'suspended'],
    ['banned', 'banned'],
  ];

  it.each(invalidEdges)('refuses %s → %s with 400/40000 and changes nothing', async (from, to) => {
    const user = await newUser(t.app);
    const userId = user.userId!;
    if (from !== 'active') await moveTo(userId, from, 'setup');
    const transitionsBefore = await countRows('user_status_transitions');
    const auditBefore = await countRows('audit_logs');

    const message = expectError(await changeStatus(userId, { status: to, reason: 'why not' }), 400, 40000);
    expect(message).toContain(`from ${from} to ${to}`);
    expect(await statusOf(userId)).toBe(from);
    expect(await countRows('user_status_transitions')).toBe(transitionsBefore);
    expect(await countRows('audit_logs')).toBe(auditBefore);
  });

  it('requires a non-blank reason of at most 500 characters and a known status', async () => {
    const user = await newUser(t.app);
    const userId = user.userId!;
    const cases: [unknown, string][] = [
      [{ status: 'banned' }, 'body.reason is required'],
      [{ status: 'banned', reason: '   ' }, 'body.reason is required'],
      [{ status: 'banned', reason: 'x'.repeat(501) }, 'body.reason'],
      [{ reason: 'spam' }, 'body.status is required'],
      [{ status: 'deleted', reason: 'spam' }, 'body.status'],
    ];
    for (const [payload, expected] of cases) {
      expect(expectError(await changeStatus(userId, payload), 400, 10001)).toContain(expected);
    }
    expect(await statusOf(userId)).toBe('active');
    expect(await countRows('user_status_transitions')).toBe(0);
    expect((await changeStatus(userId, { status: 'banned', reason: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await changeStatus(UNKNOWN_ID, { status: 'banned', reason: 'spam' }), 404, 40400);
  });

  it('refuses a banned user at once on every device and token, and lets them back after unban', async () => {
    const phoneUser = new UserClient(t.app);
    const { phone, password, token: firstToken } = await phoneUser.register();
    const secondDevice = new UserClient(t.app);
    const login = await secondDevice.request('POST', '/api/v1/auth/login', { phone, password });
    expect(login.statusCode).toBe(200);
    secondDevice.token = body<{ token: string }>(login).data.token;

    // Four ways in: each device with its token, each device by its key alone, and a token from a third device.
    const deviceOnlyA = new UserClient(t.app, phoneUser.deviceId);
    const deviceOnlyB = new UserClient(t.app, secondDevice.deviceId);
    const foreignDevice = new UserClient(t.app);
    foreignDevice.token = firstToken;
    const ways = [phoneUser, secondDevice, deviceOnlyA, deviceOnlyB, foreignDevice];
    for (const way of ways) {
      expect(body<{ id: string }>(await way.request('GET', '/api/v1/auth/me')).data.id).toBe(
        phoneUser.userId,
      );
    }

    const result = await moveTo(phoneUser.userId!, 'banned', '欺诈');
    expect(result.revoked_sessions).toBe(2);
    for (const way of ways) expectError(await way.request('GET', '/api/v1/auth/me'), 401, 40100);
    const freshDevice = new UserClient(t.app);
    expectError(await freshDevice.request('POST', '/api/v1/auth/login', { phone, password }), 400, 40111);
    const detail = body<{ open_session_count: number }>(
      await root.request('GET', `/api/v1/admin/users/${phoneUser.userId}`),
    ).data;
    expect(detail.open_session_count).toBe(0);

    await moveTo(phoneUser.userId!, 'active', '申诉通过');
    for (const way of [deviceOnlyA, deviceOnlyB]) {
      expect(body<{ id: string }>(await way.request('GET', '/api/v1/auth/me')).data.id).toBe(
        phoneUser.userId,
      );
    }
    // Revoked tokens stay revoked: the user signs in again.
    for (const way of [phoneUser, secondDevice, foreignDevice]) {
      expectError(await way.request('GET', '/api/v1/auth/me'), 401, 40100);
    }
  });

  it('lets exactly one of two concurrent changes from the same status win', async () => {
    const user = await newUser(t.app);
    const userId = user.userId!;
    const responses = await Promise.all([
      changeStatus(userId, { status: 'suspended', reason: 'first' }),
      changeStatus(userId, { status: 'suspended', reason: 'second' }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    expect(await countRows('user_status_transitions')).toBe(1);
    expect(await statusOf(userId)).toBe('suspended');
  });
});

describe('GET /admin/users/{id}/status-transitions', () => {
  it('lists the history newest first with limit and total, 404 for an unknown user', async () => {
    const user = await newUser(t.app);
    const userId = user.userId!;
    await moveTo(userId, 'suspended', 'one');
    await moveTo(userId, 'active', 'two');
    await moveTo(userId, 'banned', 'three');
    const page = body<{ items: Transition[]; total: number }>(
      await root.request('GET', `/api/v1/admin/users/${userId}/status-transitions?limit=2`),
    ).data;
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.from_status, item.to_status, item.reason])).toEqual([
      ['active', 'banned', 'three'],
      ['suspended', 'active', 'two'],
    ]);
    expect(page.items[0]).toMatchObject({ admin_id: root.adminId, admin_username: 'admin', user_id: userId });
    expectError(
      await root.request('GET', `/api/v1/admin/users/${UNKNOWN_ID}/status-transitions`),
      404,
      40400,
    );
  });
});

describe('GET /admin/users/{id}/insight', () => {
  it('aggregates the account activity across features without changing anything', async () => {
    const user = await newUser(t.app);
    const other = await newUser(t.app);
    const userId = user.userId!;
    const at = t.clock.now().toISOString();
    const profileId = randomUUID();
    const profile = (id: string, owner: string, relation: 'self' | 'other') => ({
      id,
      user_id: owner,
      relation,
      display_name: 'p',
      birth_date: '1990-01-01',
      birth_time: null,
      birth_place: null,
      gender: null,
      relation_type: null,
      geo_lat: null,
      geo_lng: null,
      geo_visible: 0,
      created_at: at,
      updated_at: at,
    });
    const otherProfile = randomUUID();
    await t.db
      .insertInto('profiles')
      .values([
        profile(profileId, userId, 'self'),
        profile(randomUUID(), userId, 'other'),
        profile(otherProfile, other.userId!, 'self'),
      ])
      .execute();
    const report = (type: 'star' | 'rhythm', owner = userId, ownerProfile = profileId) => ({
      id: randomUUID(),
      user_id: owner,
      profile_id: ownerProfile,
      profile_b_id: null,
      type,
      summary_json: '{}',
      detail_json: null,
      as_of: null,
      created_at: at,
    });
    await t.db
      .insertInto('reports')
      .values([report('star'), report('star'), report('rhythm'), report('star', other.userId!, otherProfile)])
      .execute();
    const mood = (day: string) => ({
      id: randomUUID(),
      user_id: userId,
      day,
      score: 3,
      note: null,
      created_at: at,
      updated_at: at,
    });
    await t.db
      .insertInto('moods')
      .values([mood('2026-05-30'), mood('2026-06-01')])
      .execute();
    const order = (status: 'pending' | 'paid', expiresAt: string) => ({
      id: randomUUID(),
      user_id: userId,
      kind: 'membership' as const,
      plan: 'month',
      report_id: null,
      amount_cents: 3000,
      status,
      created_at: at,
      paid_at: status === 'paid' ? at : null,
      cancelled_at: null,
      expires_at: expiresAt,
    });
    const past = new Date(t.clock.now().getTime() - SECOND_MS).toISOString();
    const future = new Date(t.clock.now().getTime() + 60 * SECOND_MS).toISOString();
    await t.db
      .insertInto('orders')
      .values([order('paid', past), order('pending', future), order('pending', past)])
      .execute();

    const thread = (id: string, owner: string, ownerProfile: string) => ({
      id,
      user_id: owner,
      profile_id: ownerProfile,
      scene: null,
      message_count: 2,
      last_message_at: at,
      created_at: at,
    });
    const threadId = randomUUID();
    const otherThread = randomUUID();
    await t.db
      .insertInto('ask_threads')
      .values([thread(threadId, userId, profileId), thread(otherThread, other.userId!, otherProfile)])
      .execute();
    const message = (thread: string, owner: string, seq: number) => ({
      id: randomUUID(),
      thread_id: thread,
      user_id: owner,
      seq,
      role: seq % 2 === 1 ? ('user' as const) : ('assistant' as const),
      content: '…',
      meta_json: '{}',
      created_at: at,
    });
    await t.db
      .insertInto('ask_messages')
      .values([
        message(threadId, userId, 1),
        message(threadId, userId, 2),
        message(otherThread, other.userId!, 1),
      ])
      .execute();

    const response = await root.request('GET', `/api/v1/admin/users/${userId}/insight`);
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).data).toEqual({
      user_id: userId,
      last_seen_at: expect.any(String),
      profiles: { count: 2 },
      reports: { total: 3, by_type: { star: 2, rhythm: 1 } },
      scale_results: { count: 0 },
      moods: { count: 2, last_day: '2026-06-01' },
      orders: { total: 3, by_status: { paid: 1, pending: 1, expired: 1 } },
      ask: { threads: 1, messages: 2 },
    });
    expectError(await root.request('GET', `/api/v1/admin/users/${UNKNOWN_ID}/insight`), 404, 40400);
  });
});
