import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  body,
  expectError,
  loginSuperAdmin,
  newAdminWith,
  newUser,
  type AdminClient,
  type UserClient,
} from '../../test/factories.ts';
import { createOrder, holdingsOf, insertReportOf } from './commerce.fixtures.ts';
import type {
  AdminOrderView,
  MembershipMe,
  MembershipPlanView,
  UserEntitlementsView,
} from './commerce.mapper.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

let t: TestApp;
let admin: AdminClient;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await loginSuperAdmin(t.app);
});
afterEach(async () => {
  await t.close();
});

async function auditEntries() {
  return t.db
    .selectFrom('audit_logs')
    .select(['action', 'target_type', 'target_id', 'admin_id', 'before_json', 'after_json'])
    .orderBy('created_at')
    .execute();
}

describe('membership plans', () => {
  it('lists the seeded plans with the prices of the decisions', async () => {
    const response = await admin.request('GET', '/api/v1/admin/membership-plans');
    const page = body<{ items: MembershipPlanView[]; total: number }>(response).data;
    expect(page.total).toBe(3);
    expect(page.items.map((plan) => [plan.code, plan.duration_days, plan.amount_cents, plan.active])).toEqual(
      [
        ['month', 30, 3000, true],
        ['quarter', 90, 8000, true],
        ['year', 365, 26800, true],
      ],
    );
  });

  it('reads one plan and answers 404 for an unknown code or a non-plan catalog entry', async () => {
    const plan = body<MembershipPlanView>(
      await admin.request('GET', '/api/v1/admin/membership-plans/year'),
    ).data;
    expect(plan).toMatchObject({ id: 'year', code: 'year', duration_days: 365, amount_cents: 26800 });
    expectError(await admin.request('GET', '/api/v1/admin/membership-plans/lifetime'), 404, 40400);
    expectError(await admin.request('GET', '/api/v1/admin/membership-plans/pack10'), 404, 40400);
  });

  it('updates a plan with an audit entry; new orders use the new price, pending ones keep theirs', async () => {
    const user = await newUser(t.app);
    const before = await createOrder(user, { kind: 'membership', plan: 'month' });
    const response = await admin.request('PUT', '/api/v1/admin/membership-plans/month', {
      title: '月卡',
      duration_days: 31,
      amount_cents: 2500,
      active: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(body<MembershipPlanView>(response).data).toMatchObject({
      title: '月卡',
      duration_days: 31,
      amount_cents: 2500,
    });
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'membership_plan.update',
      target_type: 'membership_plan',
      target_id: 'month',
      admin_id: admin.adminId,
    });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ amount_cents: 3000, duration_days: 30 });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ amount_cents: 2500, duration_days: 31 });
    expect((await createOrder(user, { kind: 'membership', plan: 'month' })).amount_cents).toBe(2500);
    await user.request('POST', `/api/v1/orders/${before.id}/pay-mock`);
    expect((await holdingsOf(t, user.userId!)).membershipExpiresAt).toBe(
      new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString(),
    );
  });

  it('switches a plan off when active is false and keeps it as it is when active is absent', async () => {
    const base = { title: '季卡', duration_days: 90, amount_cents: 8000 };
    await admin.request('PUT', '/api/v1/admin/membership-plans/quarter', { ...base, active: false });
    const kept = await admin.request('PUT', '/api/v1/admin/membership-plans/quarter', base);
    expect(body<MembershipPlanView>(kept).data.active).toBe(false);
  });

  it.each([
    ['an empty title', { title: '', duration_days: 30, amount_cents: 3000 }],
    ['a blank title', { title: '   ', duration_days: 30, amount_cents: 3000 }],
    ['a title of 61 characters', { title: 'x'.repeat(61), duration_days: 30, amount_cents: 3000 }],
    ['0 days', { title: 'x', duration_days: 0, amount_cents: 3000 }],
    ['3651 days', { title: 'x', duration_days: 3651, amount_cents: 3000 }],
    ['a negative amount', { title: 'x', duration_days: 30, amount_cents: -1 }],
    ['an amount above 10,000,000', { title: 'x', duration_days: 30, amount_cents: 10_000_001 }],
    ['a fractional amount', { title: 'x', duration_days: 30, amount_cents: 29.99 }],
    ['no amount', { title: 'x', duration_days: 30 }],
  ])('refuses %s with 400 and changes nothing', async (_case, payload) => {
    expectError(await admin.request('PUT', '/api/v1/admin/membership-plans/month', payload), 400, 10001);
    const plan = body<MembershipPlanView>(
      await admin.request('GET', '/api/v1/admin/membership-plans/month'),
    ).data;
    expect(plan).toMatchObject({ title: '月度会员', duration_days: 30, amount_cents: 3000 });
    expect(await auditEntries()).toEqual([]);
  });

  it('accepts the bounds: 1 and 3650 days, 0 and 10,000,000 cents, a 60-character title', async () => {
    for (const payload of [
      { title: 'x'.repeat(60), duration_days: 1, amount_cents: 0 },
      { title: 'y', duration_days: 3650, amount_cents: 10_000_000 },
    ]) {
      expect((await admin.request('PUT', '/api/v1/admin/membership-plans/month', payload)).statusCode).toBe(
        200,
      );
    }
  });

  it('answers 404 for PUT on an unknown plan', async () => {
    const payload = { title: 'x', duration_days: 30, amount_cents: 100 };
    expectError(await admin.request('PUT', '/api/v1/admin/membership-plans/lifetime', payload), 404, 40400);
  });
});

describe('membership grants and the entitlement aggregate', () => {
  let user: UserClient;
  beforeEach(async () => {
    user = await newUser(t.app);
  });

  it('grants a plan, extending an active membership, with an audit entry each time', async () => {
    const grant = (plan: string) =>
      admin.request('POST', `/api/v1/admin/users/${user.userId}/membership/grant`, { plan });
    const first = await grant('month');
    expect(first.statusCode, first.body).toBe(200);
    const now = t.clock.now().getTime();
    expect(body<MembershipMe>(first).data).toMatchObject({
      active: true,
      plan: 'month',
      expires_at: new Date(now + 30 * DAY_MS).toISOString(),
    });
    const second = body<MembershipMe>(await grant('year')).data;
    expect(second.expires_at).toBe(new Date(now + 395 * DAY_MS).toISOString());
    const entries = await auditEntries();
    expect(entries.map((entry) => [entry.action, entry.target_id])).toEqual([
      ['membership.grant', user.userId],
      ['membership.grant', user.userId],
    ]);
    const me = body<MembershipMe>(await user.request('GET', '/api/v1/membership/me')).data;
    expect(me).toMatchObject({ active: true, plan: 'year', status: 'active' });
  });

  it('answers 404 for an unknown user and 400 for a plan outside month, quarter, year', async () => {
    expectError(
      await admin.request('POST', `/api/v1/admin/users/${crypto.randomUUID()}/membership/grant`, {
        plan: 'month',
      }),
      404,
      40400,
    );
    expectError(
      await admin.request('POST', `/api/v1/admin/users/${user.userId}/membership/grant`, { plan: 'pack10' }),
      400,
      10001,
    );
    expect(await auditEntries()).toEqual([]);
    expect((await holdingsOf(t, user.userId!)).membershipGrants).toBe(0);
  });

  it('aggregates membership, deep-access reports, quotas and pack credits', async () => {
    const reportId = await insertReportOf(t, user.userId!);
    const deep = await createOrder(user, { kind: 'deep_access', report_id: reportId });
    await user.request('POST', `/api/v1/orders/${deep.id}/pay-mock`);
    const pack = await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    await user.request('POST', `/api/v1/orders/${pack.id}/pay-mock`);
    const response = await admin.request('GET', `/api/v1/admin/users/${user.userId}/entitlements`);
    expect(response.statusCode, response.body).toBe(200);
    expect(body<UserEntitlementsView>(response).data).toEqual({
      user_id: user.userId,
      membership: { active: false, plan: null, status: 'none', expires_at: null },
      deep_access_report_ids: [reportId],
      ask_quota: { active_membership: false, remaining: 15, free_limit: 5, source: 'free' },
      image_card_quota: { remaining: 3, daily_free: 3, unlimited: false },
      pack_credits: 10,
    });
    expectError(
      await admin.request('GET', `/api/v1/admin/users/${crypto.randomUUID()}/entitlements`),
      404,
      40400,
    );
  });
});

describe('admin order list', () => {
  it('filters by status (time-decided), kind, user and creation time, paginated with a total', async () => {
    const alice = await newUser(t.app);
    const bob = await newUser(t.app);
    const startedAt = t.clock.now();
    const paid = await createOrder(alice, { kind: 'membership', plan: 'month' });
    await alice.request('POST', `/api/v1/orders/${paid.id}/pay-mock`);
    t.clock.advance(MINUTE_MS);
    const lapsed = await createOrder(alice, { kind: 'ask_pack', plan: 'pack10' });
    t.clock.advance(2 * DAY_MS);
    admin = await loginSuperAdmin(t.app); // the first session has lapsed meanwhile
    const pending = await createOrder(bob, { kind: 'ask_pack', plan: 'pack30' });
    const list = async (query: string) =>
      body<{ items: AdminOrderView[]; total: number }>(
        await admin.request('GET', `/api/v1/admin/orders${query}`),
      ).data;

    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.items.map((order) => order.id)).toEqual([pending.id, lapsed.id, paid.id]);
    expect(all.items[0]).toMatchObject({ user_id: bob.userId, status: 'pending', cancelled_at: null });
    expect((await list('?status=expired')).items.map((order) => order.id)).toEqual([lapsed.id]);
    expect((await list('?status=pending')).items.map((order) => order.id)).toEqual([pending.id]);
    expect((await list('?status=paid')).items.map((order) => order.id)).toEqual([paid.id]);
    expect((await list('?kind=ask_pack')).total).toBe(2);
    expect((await list(`?user_id=${alice.userId}`)).total).toBe(2);
    const day = startedAt.toISOString().slice(0, 10); // 12:00 in Shanghai: the same calendar day
    expect((await list(`?from=${day}&to=${day}`)).total).toBe(2);
    expect((await list(`?from=${new Date(startedAt.getTime() + DAY_MS).toISOString()}`)).total).toBe(1);
    const firstPage = await list('?limit=2&offset=0');
    const secondPage = await list('?limit=2&offset=2');
    expect([firstPage.items.length, secondPage.items.length, firstPage.total]).toEqual([2, 1, 3]);
    expectError(await admin.request('GET', '/api/v1/admin/orders?status=refunded'), 400, 10001);
    expectError(await admin.request('GET', '/api/v1/admin/orders?limit=101'), 400, 10001);
  });

  it('keeps each order at its creation minute in the list (expiry is 30 minutes)', async () => {
    const user = await newUser(t.app);
    const order = await createOrder(user, { kind: 'membership', plan: 'month' });
    t.clock.advance(29 * MINUTE_MS);
    const items = body<{ items: AdminOrderView[] }>(await admin.request('GET', '/api/v1/admin/orders')).data
      .items;
    expect(items).toEqual([expect.objectContaining({ id: order.id, status: 'pending' })]);
  });
});

describe('permissions', () => {
  const routes: Array<[string, string, string, unknown?]> = [
    ['GET', '/api/v1/admin/membership-plans', 'admin.membership.plans.read'],
    ['GET', '/api/v1/admin/membership-plans/month', 'admin.membership.plans.read'],
    [
      'PUT',
      '/api/v1/admin/membership-plans/month',
      'admin.membership.plans.write',
      { title: 'x', duration_days: 30, amount_cents: 1 },
    ],
    ['GET', '/api/v1/admin/redemption-batches', 'admin.redemption.read'],
    [
      'POST',
      '/api/v1/admin/redemption-batches',
      'admin.redemption.write',
      { label: 'x', plan_code: 'month', quantity: 1 },
    ],
    ['GET', `/api/v1/admin/redemption-batches/${crypto.randomUUID()}/codes`, 'admin.redemption.read'],
    ['POST', `/api/v1/admin/redemption-codes/${crypto.randomUUID()}/disable`, 'admin.redemption.write'],
    [
      'POST',
      `/api/v1/admin/users/${crypto.randomUUID()}/membership/grant`,
      'admin.users.write',
      { plan: 'month' },
    ],
    ['GET', `/api/v1/admin/users/${crypto.randomUUID()}/entitlements`, 'admin.users.read'],
    ['GET', '/api/v1/admin/orders', 'admin.orders.read'],
  ];

  it.each(routes)(
    '%s %s requires %s (401 without session, 403 without it)',
    async (method, url, permission, payload) => {
      const anonymous = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expectError(anonymous, 401, 40101);
      const others = await newAdminWith(t, ['admin.audit.read']);
      expectError(await others.request(method as 'GET', url, payload), 403, 40300);
      const allowed = await newAdminWith(t, [permission]);
      const response = await allowed.request(method as 'GET', url, payload);
      expect([200, 404]).toContain(response.statusCode);
    },
  );

  it('never lets a user token open a console endpoint', async () => {
    const user = await newUser(t.app);
    const registered = await user.register();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: { authorization: `Bearer ${registered.token}` },
    });
    expectError(response, 401, 40101);
  });
});
