import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  body,
  expectError,
  loginSuperAdmin,
  newUser,
  type AdminClient,
  type UserClient,
} from '../../test/factories.ts';
import { holdingsOf } from './commerce.fixtures.ts';
import type { MembershipMe, RedemptionBatchView, RedemptionCodeView } from './commerce.mapper.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
type CreatedBatch = RedemptionBatchView & { codes: RedemptionCodeView[] };

let t: TestApp;
let admin: AdminClient;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await loginSuperAdmin(t.app);
});
afterEach(async () => {
  await t.close();
});

async function createBatch(plan_code = 'month', quantity = 3): Promise<CreatedBatch> {
  const response = await admin.request('POST', '/api/v1/admin/redemption-batches', {
    label: '春季活动',
    plan_code,
    quantity,
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<CreatedBatch>(response).data;
}

function redeem(user: UserClient, code: string) {
  return user.request('POST', '/api/v1/membership/redeem', { code });
}

async function auditActions(): Promise<string[]> {
  const rows = await t.db.selectFrom('audit_logs').select('action').orderBy('created_at').execute();
  return rows.map((row) => row.action);
}

describe('redemption batches (console)', () => {
  it('creates a batch of grouped codes from the safe alphabet, and audits it', async () => {
    const batch = await createBatch('quarter', 5);
    expect(batch).toMatchObject({ label: '春季活动', plan_code: 'quarter', quantity: 5, used_count: 0 });
    expect(batch.codes).toHaveLength(5);
    for (const code of batch.codes) {
      expect(code.code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
      expect(code).toMatchObject({ status: 'unused', used_by: null, used_at: null, batch_id: batch.id });
    }
    expect(await auditActions()).toEqual(['redemption_batch.create']);
  });

  it('lists batches with their usage and the codes of one batch', async () => {
    const batch = await createBatch('month', 2);
    const user = await newUser(t.app);
    await redeem(user, batch.codes[0]!.code);
    const batches = body<{ items: RedemptionBatchView[]; total: number }>(
      await admin.request('GET', '/api/v1/admin/redemption-batches'),
    ).data;
    expect(batches.total).toBe(1);
    expect(batches.items[0]).toMatchObject({ id: batch.id, used_count: 1, quantity: 2 });
    const codes = body<{ items: RedemptionCodeView[]; total: number }>(
      await admin.request('GET', `/api/v1/admin/redemption-batches/${batch.id}/codes`),
    ).data;
    expect(codes.total).toBe(2);
    const used = codes.items.find((code) => code.id === batch.codes[0]!.id);
    expect(used).toMatchObject({
      status: 'used',
      used_by: user.userId,
      used_at: t.clock.now().toISOString(),
    });
  });

  it.each([
    ['quantity 0', { label: 'x', plan_code: 'month', quantity: 0 }],
    ['quantity 101', { label: 'x', plan_code: 'month', quantity: 101 }],
    ['a fractional quantity', { label: 'x', plan_code: 'month', quantity: 1.5 }],
    ['an unknown plan', { label: 'x', plan_code: 'lifetime', quantity: 1 }],
    ['a pack as plan', { label: 'x', plan_code: 'pack10', quantity: 1 }],
    ['a blank label', { label: '  ', plan_code: 'month', quantity: 1 }],
    ['no label', { plan_code: 'month', quantity: 1 }],
  ])('refuses %s with 400 and creates nothing', async (_case, payload) => {
    expectError(await admin.request('POST', '/api/v1/admin/redemption-batches', payload), 400, 10001);
    expect(await t.db.selectFrom('redemption_batches').select('id').execute()).toEqual([]);
    expect(await auditActions()).toEqual([]);
  });

  it('answers 404 for the codes of an unknown batch', async () => {
    expectError(
      await admin.request('GET', `/api/v1/admin/redemption-batches/${crypto.randomUUID()}/codes`),
      404,
      40400,
    );
  });

  it('disables an unused code (audited); a used or disabled code answers 400', async () => {
    const batch = await createBatch('month', 2);
    const [first, second] = batch.codes;
    const disabled = await admin.request('POST', `/api/v1/admin/redemption-codes/${first!.id}/disable`);
    expect(body<RedemptionCodeView>(disabled).data.status).toBe('disabled');
    expectError(
      await admin.request('POST', `/api/v1/admin/redemption-codes/${first!.id}/disable`),
      400,
      40000,
    );
    await redeem(await newUser(t.app), second!.code);
    expectError(
      await admin.request('POST', `/api/v1/admin/redemption-codes/${second!.id}/disable`),
      400,
      40000,
    );
    expectError(
      await admin.request('POST', `/api/v1/admin/redemption-codes/${crypto.randomUUID()}/disable`),
      404,
      40400,
    );
    expect(await auditActions()).toEqual(['redemption_batch.create', 'redemption_code.disable']);
  });
});

describe('redeeming codes', () => {
  it("grants the batch's plan, ignoring case and dashes", async () => {
    const batch = await createBatch('quarter', 1);
    const user = await newUser(t.app);
    const typed = batch.codes[0]!.code.replace(/-/g, '').toLowerCase();
    const response = await redeem(user, typed);
    expect(response.statusCode, response.body).toBe(200);
    expect(body<MembershipMe>(response).data).toEqual({
      active: true,
      plan: 'quarter',
      status: 'active',
      expires_at: new Date(t.clock.now().getTime() + 90 * DAY_MS).toISOString(),
      ask_quota_left: 100,
    });
  });

  it('answers 400 for an invalid, a used and a disabled code, granting nothing', async () => {
    const batch = await createBatch('month', 2);
    const [usedCode, disabledCode] = batch.codes;
    const winner = await newUser(t.app);
    expect((await redeem(winner, usedCode!.code)).statusCode).toBe(200);
    await admin.request('POST', `/api/v1/admin/redemption-codes/${disabledCode!.id}/disable`);
    const user = await newUser(t.app);
    expect(expectError(await redeem(user, 'AAAA-BBBB-CCCC-DDDD'), 400, 40000)).toBe('兑换码无效');
    expect(expectError(await redeem(user, 'not a code'), 400, 40000)).toBe('兑换码无效');
    expect(expectError(await redeem(user, usedCode!.code), 400, 40000)).toBe('兑换码已被使用');
    expect(expectError(await redeem(winner, usedCode!.code), 400, 40000)).toBe('兑换码已被使用');
    expect(expectError(await redeem(user, disabledCode!.code), 400, 40000)).toBe('兑换码已停用');
    expect(await holdingsOf(t, user.userId!)).toMatchObject({
      membershipExpiresAt: null,
      membershipGrants: 0,
    });
    expect((await holdingsOf(t, winner.userId!)).membershipGrants).toBe(1);
  });

  it('lets exactly one of several accounts win one code under concurrent redeems', async () => {
    const batch = await createBatch('year', 1);
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser(t.app)));
    const responses = await Promise.all(users.map((user) => redeem(user, batch.codes[0]!.code)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    const holdings = await Promise.all(users.map((user) => holdingsOf(t, user.userId!)));
    expect(holdings.map((held) => held.membershipGrants).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    const winner = users[responses.findIndex((response) => response.statusCode === 200)]!;
    const code = await t.db.selectFrom('redemption_codes').selectAll().executeTakeFirstOrThrow();
    expect(code).toMatchObject({ status: 'used', used_by: winner.userId });
  });

  it('limits redeem attempts to 10 a minute per account', async () => {
    const user = await newUser(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectError(await redeem(user, 'AAAA-BBBB-CCCC-DDDD'), 400, 40000);
    }
    const refused = await redeem(user, 'AAAA-BBBB-CCCC-DDDD');
    expectError(refused, 429, 42900);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another account from the same address is counted separately (the address allows 300).
    expectError(await redeem(await newUser(t.app), 'AAAA-BBBB-CCCC-DDDD'), 400, 40000);
    t.clock.advance(60_000);
    expectError(await redeem(user, 'AAAA-BBBB-CCCC-DDDD'), 400, 40000);
  });

  it('answers 401 without a device identity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/redeem',
      payload: { code: 'AAAA-BBBB-CCCC-DDDD' },
    });
    expectError(response, 401, 40100);
  });
});
