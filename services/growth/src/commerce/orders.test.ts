import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser, type UserClient } from '../../test/factories.ts';
import { createOrder, holdingsOf, insertReportOf } from './commerce.fixtures.ts';
import type { MembershipMe, OrderView } from './commerce.mapper.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

let t: TestApp;
let user: UserClient;
beforeEach(async () => {
  t = await buildTestApp();
  user = await newUser(t.app);
});
afterEach(async () => {
  await t.close();
});

function pay(client: UserClient, orderId: string) {
  return client.request('POST', `/api/v1/orders/${orderId}/pay-mock`);
}

async function membershipOf(client: UserClient): Promise<MembershipMe> {
  const response = await client.request('GET', '/api/v1/membership/me');
  expect(response.statusCode).toBe(200);
  return body<MembershipMe>(response).data;
}

describe('creating orders', () => {
  it.each([
    ['membership', 'month', 3000],
    ['membership', 'quarter', 8000],
    ['membership', 'year', 26800],
    ['ask_pack', 'pack10', 990],
    ['ask_pack', 'pack30', 2490],
    ['ask_pack', 'pack100', 6990],
  ])('prices %s %s from the catalog at %i cents, pending for 30 minutes', async (kind, plan, amount) => {
    const order = await createOrder(user, { kind, plan });
    const now = t.clock.now().getTime();
    expect(order).toEqual({
      id: expect.any(String),
      kind,
      plan,
      report_id: null,
      amount_cents: amount,
      status: 'pending',
      created_at: new Date(now).toISOString(),
      paid_at: null,
      expires_at: new Date(now + 30 * MINUTE_MS).toISOString(),
    });
  });

  it('ignores an amount sent by the client (tampered amount)', async () => {
    const order = await createOrder(user, { kind: 'membership', plan: 'year', amount_cents: 1 });
    expect(order.amount_cents).toBe(26800);
    const paid = body<OrderView>(await pay(user, order.id)).data;
    expect(paid.amount_cents).toBe(26800);
    const stored = await t.db.selectFrom('orders').select('amount_cents').executeTakeFirstOrThrow();
    expect(Number(stored.amount_cents)).toBe(26800);
  });

  it('prices deep access for a report of the caller at 1990 cents', async () => {
    const reportId = await insertReportOf(t, user.userId!);
    const order = await createOrder(user, { kind: 'deep_access', report_id: reportId });
    expect(order).toMatchObject({
      kind: 'deep_access',
      plan: 'deep_access',
      report_id: reportId,
      amount_cents: 1990,
    });
  });

  it.each([
    ['membership without plan', { kind: 'membership' }],
    ['membership with a pack', { kind: 'membership', plan: 'pack10' }],
    ['membership with an unknown plan', { kind: 'membership', plan: 'week' }],
    ['ask_pack with a membership plan', { kind: 'ask_pack', plan: 'month' }],
    ['ask_pack without plan', { kind: 'ask_pack' }],
    ['membership with a report_id', { kind: 'membership', plan: 'month', report_id: crypto.randomUUID() }],
    ['deep_access without report_id', { kind: 'deep_access' }],
    ['deep_access with another plan', { kind: 'deep_access', plan: 'month', report_id: crypto.randomUUID() }],
    ['an unknown kind', { kind: 'gift', plan: 'month' }],
    ['a malformed report_id', { kind: 'deep_access', report_id: 'not-a-uuid' }],
  ])('refuses %s with 400 and creates nothing', async (_case, payload) => {
    expectError(await user.request('POST', '/api/v1/orders', payload), 400, 10001);
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('answers 404 for deep access to an unknown report or a report of another account', async () => {
    const other = await newUser(t.app);
    const othersReport = await insertReportOf(t, other.userId!);
    for (const reportId of [othersReport, crypto.randomUUID()]) {
      expectError(
        await user.request('POST', '/api/v1/orders', { kind: 'deep_access', report_id: reportId }),
        404,
        40400,
      );
    }
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('refuses a plan the console switched off', async () => {
    await t.db.updateTable('commerce_catalog').set({ active: 0 }).where('code', '=', 'quarter').execute();
    expectError(
      await user.request('POST', '/api/v1/orders', { kind: 'membership', plan: 'quarter' }),
      400,
      10001,
    );
  });

  it('records order_created in the funnel', async () => {
    await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    const events = await t.db.selectFrom('analytics_events').select(['name', 'origin', 'user_id']).execute();
    expect(events).toEqual([{ name: 'order_created', origin: 'server', user_id: user.userId }]);
  });

  it('answers 401 without a device identity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { kind: 'membership', plan: 'month' },
    });
    expectError(response, 401, 40100);
  });
});

describe('paying orders (pay-mock)', () => {
  it('pays a membership order: 30 days from now, order_paid recorded once', async () => {
    const order = await createOrder(user, { kind: 'membership', plan: 'month' });
    const response = await pay(user, order.id);
    expect(response.statusCode).toBe(200);
    const now = t.clock.now();
    expect(body<OrderView>(response).data).toEqual({ ...order, status: 'paid', paid_at: now.toISOString() });
    expect(await membershipOf(user)).toEqual({
      active: true,
      plan: 'month',
      status: 'active',
      expires_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      ask_quota_left: 100,
    });
    expect((await holdingsOf(t, user.userId!)).orderPaidEvents).toBe(1);
  });

  it('extends from the current expiry when the membership is still active', async () => {
    const start = t.clock.now().getTime();
    await pay(user, (await createOrder(user, { kind: 'membership', plan: 'month' })).id);
    t.clock.advance(10 * DAY_MS);
    await pay(user, (await createOrder(user, { kind: 'membership', plan: 'quarter' })).id);
    expect((await membershipOf(user)).expires_at).toBe(new Date(start + 120 * DAY_MS).toISOString());
  });

  it('adds pack credits that are spent after the free questions', async () => {
    await pay(user, (await createOrder(user, { kind: 'ask_pack', plan: 'pack30' })).id);
    expect((await holdingsOf(t, user.userId!)).packCredits).toBe(30);
    expect((await membershipOf(user)).ask_quota_left).toBe(35);
  });

  it('unlocks deep access for the report only', async () => {
    const reportId = await insertReportOf(t, user.userId!);
    await insertReportOf(t, user.userId!);
    const order = await createOrder(user, { kind: 'deep_access', report_id: reportId });
    expect((await pay(user, order.id)).statusCode).toBe(200);
    expect((await holdingsOf(t, user.userId!)).deepAccessReports).toEqual([reportId]);
  });

  it('paying a paid order again answers the same paid order and grants nothing twice', async () => {
    const order = await createOrder(user, { kind: 'membership', plan: 'month' });
    const first = body<OrderView>(await pay(user, order.id)).data;
    const afterFirst = await holdingsOf(t, user.userId!);
    t.clock.advance(MINUTE_MS);
    const second = await pay(user, order.id);
    expect(second.statusCode).toBe(200);
    expect(body<OrderView>(second).data).toEqual(first);
    expect(await holdingsOf(t, user.userId!)).toEqual(afterFirst);
  });

  it('10 concurrent payments of one order fulfil it once', async () => {
    const order = await createOrder(user, { kind: 'membership', plan: 'month' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => pay(user, order.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const paidAt = new Set(responses.map((response) => body<OrderView>(response).data.paid_at));
    expect(paidAt.size).toBe(1);
    expect(await holdingsOf(t, user.userId!)).toMatchObject({
      membershipExpiresAt: new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString(),
      membershipGrants: 1,
      orderPaidEvents: 1,
    });
  });

  it('10 concurrent payments of one pack order add its credits once', async () => {
    const order = await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    await Promise.all(Array.from({ length: 10 }, () => pay(user, order.id)));
    expect(await holdingsOf(t, user.userId!)).toMatchObject({ packCredits: 10, orderPaidEvents: 1 });
  });

  it('answers 410/41000 for an order past its 30 minutes, grants nothing, and shows it expired', async () => {
    const order = await createOrder(user, { kind: 'membership', plan: 'month' });
    t.clock.advance(30 * MINUTE_MS);
    expectError(await pay(user, order.id), 410, 41000);
    expect(await holdingsOf(t, user.userId!)).toEqual({
      membershipExpiresAt: null,
      membershipGrants: 0,
      packCredits: 0,
      deepAccessReports: [],
      orderPaidEvents: 0,
    });
    const shown = body<OrderView>(await user.request('GET', `/api/v1/orders/${order.id}`)).data;
    expect(shown.status).toBe('expired');
    expectError(await pay(user, order.id), 410, 41000);
  });

  it('still pays one millisecond before expiry', async () => {
    const order = await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    t.clock.advance(30 * MINUTE_MS - 1);
    expect((await pay(user, order.id)).statusCode).toBe(200);
  });

  it('answers 400/40000 for a cancelled order and grants nothing', async () => {
    const order = await createOrder(user, { kind: 'membership', plan: 'month' });
    expect((await user.request('POST', `/api/v1/orders/${order.id}/cancel`)).statusCode).toBe(200);
    expectError(await pay(user, order.id), 400, 40000);
    expect((await holdingsOf(t, user.userId!)).membershipGrants).toBe(0);
  });

  it('refuses a second deep-access purchase of one report: at creation, and at payment of a second pending order', async () => {
    const reportId = await insertReportOf(t, user.userId!);
    const first = await createOrder(user, { kind: 'deep_access', report_id: reportId });
    const second = await createOrder(user, { kind: 'deep_access', report_id: reportId });
    expect((await pay(user, first.id)).statusCode).toBe(200);
    expectError(await pay(user, second.id), 409, 40900);
    const shown = body<OrderView>(await user.request('GET', `/api/v1/orders/${second.id}`)).data;
    expect(shown.status).toBe('pending');
    expectError(
      await user.request('POST', '/api/v1/orders', { kind: 'deep_access', report_id: reportId }),
      409,
      40900,
    );
    expect((await holdingsOf(t, user.userId!)).orderPaidEvents).toBe(1);
  });
});

describe('cancelling, reading and listing orders', () => {
  it('cancels a pending order; cancelling again answers the same cancelled order', async () => {
    const order = await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    const first = await user.request('POST', `/api/v1/orders/${order.id}/cancel`);
    expect(body<OrderView>(first).data).toEqual({ ...order, status: 'cancelled' });
    const again = await user.request('POST', `/api/v1/orders/${order.id}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(body<OrderView>(again).data.status).toBe('cancelled');
  });

  it('refuses to cancel a paid order (400) and an expired one (410)', async () => {
    const paid = await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    await pay(user, paid.id);
    expectError(await user.request('POST', `/api/v1/orders/${paid.id}/cancel`), 400, 40000);
    const lapsed = await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    t.clock.advance(31 * MINUTE_MS);
    expectError(await user.request('POST', `/api/v1/orders/${lapsed.id}/cancel`), 410, 41000);
    expect((await holdingsOf(t, user.userId!)).packCredits).toBe(10);
  });

  it("answers 404 for another account's order on get, pay and cancel, and changes nothing", async () => {
    const order = await createOrder(user, { kind: 'membership', plan: 'month' });
    const intruder = await newUser(t.app);
    expectError(await intruder.request('GET', `/api/v1/orders/${order.id}`), 404, 40400);
    expectError(await pay(intruder, order.id), 404, 40400);
    expectError(await intruder.request('POST', `/api/v1/orders/${order.id}/cancel`), 404, 40400);
    expect(await holdingsOf(t, intruder.userId!)).toMatchObject({ membershipGrants: 0, orderPaidEvents: 0 });
    expect(await holdingsOf(t, user.userId!)).toMatchObject({ membershipGrants: 0, orderPaidEvents: 0 });
    const shown = body<OrderView>(await user.request('GET', `/api/v1/orders/${order.id}`)).data;
    expect(shown.status).toBe('pending');
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expectError(await pay(user, crypto.randomUUID()), 404, 40400);
    expectError(await pay(user, 'nope'), 400, 10001);
  });

  it("lists only the caller's orders, newest first, with time-decided status", async () => {
    const older = await createOrder(user, { kind: 'ask_pack', plan: 'pack10' });
    t.clock.advance(40 * MINUTE_MS);
    const newer = await createOrder(user, { kind: 'membership', plan: 'month' });
    await createOrder(await newUser(t.app), { kind: 'membership', plan: 'year' });
    const response = await user.request('GET', '/api/v1/orders');
    const items = body<{ items: OrderView[] }>(response).data.items;
    expect(items.map((item) => [item.id, item.status])).toEqual([
      [newer.id, 'pending'],
      [older.id, 'expired'],
    ]);
  });
});

describe('GET /membership/me', () => {
  it('shows no membership (and no plan key) for a new account, with the free questions left', async () => {
    const response = await user.request('GET', '/api/v1/membership/me');
    expect(body(response).data).toStrictEqual({
      active: false,
      status: 'none',
      expires_at: null,
      ask_quota_left: 5,
    });
  });

  it('turns expired by time, with no job involved', async () => {
    await pay(user, (await createOrder(user, { kind: 'membership', plan: 'month' })).id);
    const expiresAt = (await membershipOf(user)).expires_at;
    t.clock.set(expiresAt!);
    expect(await membershipOf(user)).toEqual({
      active: false,
      plan: 'month',
      status: 'expired',
      expires_at: expiresAt,
      ask_quota_left: 5,
    });
  });

  it('answers 401 without a device identity', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/membership/me' }), 401, 40100);
  });
});
