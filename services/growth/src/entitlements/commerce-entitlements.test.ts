import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { newUser } from '../../test/factories.ts';
import { AppError } from '../errors/app-error.ts';
import { CommerceEntitlements } from './commerce-entitlements.ts';
import { addAskCredits, insertDeepAccessGrant } from './entitlements.repository.ts';
import { extendMembership } from './membership-grants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// 2026-06-01 12:00 in Shanghai.
const NOON_SHANGHAI = new Date('2026-06-01T04:00:00.000Z');

let t: TestApp;
let userId: string;
const entitlements = new CommerceEntitlements();

beforeEach(async () => {
  t = await buildTestApp();
  const user = await newUser(t.app);
  userId = user.userId!;
});
afterEach(async () => {
  await t.close();
});

function grantMembership(days: number, at: Date, planCode = 'month') {
  return t.db
    .transaction()
    .execute((trx) =>
      extendMembership(trx, { userId, planCode, durationDays: days, source: 'admin', sourceId: 'test', at }),
    );
}

async function settle<T>(attempts: Array<Promise<T>>) {
  const results = await Promise.allSettled(attempts);
  const refused = results.filter((result) => result.status === 'rejected');
  for (const result of refused) {
    expect(result.reason).toBeInstanceOf(AppError);
    expect((result.reason as AppError).errorCode).toBe('QUOTA_EXHAUSTED');
  }
  return { succeeded: results.length - refused.length, refused: refused.length };
}

describe('atomic spends under concurrency', () => {
  it('20 concurrent ask spends against 5 free questions: exactly 5 succeed', async () => {
    const spends = Array.from({ length: 20 }, () =>
      t.db.transaction().execute((trx) => entitlements.spendAskQuestion(trx, userId, NOON_SHANGHAI)),
    );
    expect(await settle(spends)).toEqual({ succeeded: 5, refused: 15 });
    expect(await entitlements.getAskQuota(t.db, userId, NOON_SHANGHAI)).toEqual({
      active_membership: false,
      remaining: 0,
      free_limit: 5,
      source: 'none',
    });
  });

  it('20 concurrent image-card draws against a daily limit of 5: exactly 5 succeed', async () => {
    const fiveDraws = new CommerceEntitlements({ quotas: { imageCardFreePerDay: 5 } });
    const spends = Array.from({ length: 20 }, () =>
      t.db.transaction().execute((trx) => fiveDraws.spendImageCardDraw(trx, userId, NOON_SHANGHAI)),
    );
    expect(await settle(spends)).toEqual({ succeeded: 5, refused: 15 });
    expect(await fiveDraws.getImageCardQuota(t.db, userId, NOON_SHANGHAI)).toEqual({
      remaining: 0,
      daily_free: 5,
      unlimited: false,
    });
  });

  it('20 concurrent spends with the free questions gone and 5 pack credits: exactly 5 succeed, balance 0', async () => {
    const noFree = new CommerceEntitlements({ quotas: { askFreePerDay: 0 } });
    await addAskCredits(t.db, userId, 5, NOON_SHANGHAI.toISOString());
    const spends = Array.from({ length: 20 }, () =>
      t.db.transaction().execute((trx) => noFree.spendAskQuestion(trx, userId, NOON_SHANGHAI)),
    );
    expect(await settle(spends)).toEqual({ succeeded: 5, refused: 15 });
    const balance = await t.db
      .selectFrom('ask_credit_balances')
      .select('credits')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(balance.credits)).toBe(0);
  });

  it('a refused spend inside a transaction leaves the counter unchanged', async () => {
    for (let i = 0; i < 5; i += 1) await entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI);
    await expect(
      t.db.transaction().execute((trx) => entitlements.spendAskQuestion(trx, userId, NOON_SHANGHAI)),
    ).rejects.toMatchObject({ errorCode: 'QUOTA_EXHAUSTED', status: 402 });
    const usage = await t.db.selectFrom('quota_usage').select('used').where('user_id', '=', userId).execute();
    expect(usage.map((row) => Number(row.used))).toEqual([5]);
  });

  it('10 concurrent membership extensions of 30 days add 300 days and write 10 ledger rows', async () => {
    await Promise.all(Array.from({ length: 10 }, () => grantMembership(30, NOON_SHANGHAI)));
    const membership = await entitlements.getMembership(t.db, userId, NOON_SHANGHAI);
    expect(membership.expiresAt).toBe(new Date(NOON_SHANGHAI.getTime() + 300 * DAY_MS).toISOString());
    const ledger = await t.db
      .selectFrom('membership_grants')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(ledger).toHaveLength(10);
  });
});

describe('ask quota', () => {
  it('gives non-members 5 free questions a day, then refuses with 402', async () => {
    const quotas = [];
    for (let i = 0; i < 5; i += 1)
      quotas.push(await entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI));
    expect(quotas.map((quota) => quota.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(quotas[0]).toMatchObject({ source: 'free', free_limit: 5, active_membership: false });
    await expect(entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI)).rejects.toMatchObject({
      errorCode: 'QUOTA_EXHAUSTED',
    });
  });

  it('starts a new day at midnight in Asia/Shanghai', async () => {
    for (let i = 0; i < 5; i += 1) await entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI);
    const lastMinute = new Date('2026-06-01T15:59:00.000Z'); // 23:59 Shanghai, same day
    expect((await entitlements.getAskQuota(t.db, userId, lastMinute)).remaining).toBe(0);
    const midnight = new Date('2026-06-01T16:00:00.000Z'); // 00:00 Shanghai, next day
    expect((await entitlements.getAskQuota(t.db, userId, midnight)).remaining).toBe(5);
  });

  it("follows the account's own time zone when it set one", async () => {
    await t.db.updateTable('users').set({ timezone: 'America/New_York' }).where('id', '=', userId).execute();
    for (let i = 0; i < 5; i += 1) await entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI);
    // 2026-06-01T16:00Z is a new day in Shanghai but still 12:00 on June 1st in New York.
    const shanghaiMidnight = new Date('2026-06-01T16:00:00.000Z');
    expect((await entitlements.getAskQuota(t.db, userId, shanghaiMidnight)).remaining).toBe(0);
    const newYorkMidnight = new Date('2026-06-02T04:00:00.000Z');
    expect((await entitlements.getAskQuota(t.db, userId, newYorkMidnight)).remaining).toBe(5);
  });

  it('spends pack credits only after the day’s free questions, and they survive the day', async () => {
    await addAskCredits(t.db, userId, 10, NOON_SHANGHAI.toISOString());
    expect(await entitlements.getAskQuota(t.db, userId, NOON_SHANGHAI)).toMatchObject({
      remaining: 15,
      source: 'free',
    });
    for (let i = 0; i < 5; i += 1) await entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI);
    expect(await entitlements.getAskQuota(t.db, userId, NOON_SHANGHAI)).toMatchObject({
      remaining: 10,
      source: 'pack',
    });
    expect((await entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI)).remaining).toBe(9);
    const nextMonth = new Date(NOON_SHANGHAI.getTime() + 30 * DAY_MS);
    expect(await entitlements.getAskQuota(t.db, userId, nextMonth)).toMatchObject({
      remaining: 14,
      source: 'free',
    });
  });

  it('gives members 100 a day, counting questions already asked that day', async () => {
    for (let i = 0; i < 3; i += 1) await entitlements.spendAskQuestion(t.db, userId, NOON_SHANGHAI);
    await grantMembership(30, NOON_SHANGHAI);
    expect(await entitlements.getAskQuota(t.db, userId, NOON_SHANGHAI)).toEqual({
      active_membership: true,
      remaining: 97,
      free_limit: 100,
      source: 'membership',
    });
  });

  it('returns to the free allowance once the membership has expired by time', async () => {
    await grantMembership(30, NOON_SHANGHAI);
    const afterExpiry = new Date(NOON_SHANGHAI.getTime() + 30 * DAY_MS + 1);
    expect(await entitlements.getAskQuota(t.db, userId, afterExpiry)).toMatchObject({
      active_membership: false,
      free_limit: 5,
      source: 'free',
    });
    expect(await entitlements.getMembership(t.db, userId, afterExpiry)).toEqual({
      active: false,
      plan: 'month',
      status: 'expired',
      expiresAt: new Date(NOON_SHANGHAI.getTime() + 30 * DAY_MS).toISOString(),
    });
  });
});

describe('image-card quota', () => {
  it('gives non-members 3 free draws a day and members unlimited draws', async () => {
    for (let i = 0; i < 3; i += 1) await entitlements.spendImageCardDraw(t.db, userId, NOON_SHANGHAI);
    await expect(entitlements.spendImageCardDraw(t.db, userId, NOON_SHANGHAI)).rejects.toMatchObject({
      errorCode: 'QUOTA_EXHAUSTED',
    });
    await grantMembership(30, NOON_SHANGHAI);
    for (let i = 0; i < 5; i += 1) {
      expect(await entitlements.spendImageCardDraw(t.db, userId, NOON_SHANGHAI)).toEqual({
        remaining: 0,
        daily_free: 3,
        unlimited: true,
      });
    }
  });
});

describe('membership and deep access', () => {
  it('reports no membership for an account that never had one', async () => {
    expect(await entitlements.getMembership(t.db, userId, NOON_SHANGHAI)).toEqual({
      active: false,
      plan: null,
      status: 'none',
      expiresAt: null,
    });
  });

  it('extends from the current expiry while active, and from now once expired', async () => {
    await grantMembership(30, NOON_SHANGHAI);
    const second = await grantMembership(90, new Date(NOON_SHANGHAI.getTime() + 10 * DAY_MS), 'quarter');
    expect(second.expiresAt).toBe(new Date(NOON_SHANGHAI.getTime() + 120 * DAY_MS).toISOString());
    const muchLater = new Date(NOON_SHANGHAI.getTime() + 400 * DAY_MS);
    const third = await grantMembership(30, muchLater);
    expect(third.expiresAt).toBe(new Date(muchLater.getTime() + 30 * DAY_MS).toISOString());
    expect((await entitlements.getMembership(t.db, userId, muchLater)).plan).toBe('month');
  });

  it('grants deep access to one report through a grant, and to every report through membership', async () => {
    const reportA = crypto.randomUUID();
    const reportB = crypto.randomUUID();
    expect(await entitlements.hasDeepAccess(t.db, userId, reportA, NOON_SHANGHAI)).toBe(false);
    await insertDeepAccessGrant(t.db, {
      userId,
      reportId: reportA,
      orderId: null,
      createdAt: NOON_SHANGHAI.toISOString(),
    });
    expect(await entitlements.hasDeepAccess(t.db, userId, reportA, NOON_SHANGHAI)).toBe(true);
    expect(await entitlements.hasDeepAccess(t.db, userId, reportB, NOON_SHANGHAI)).toBe(false);
    await grantMembership(30, NOON_SHANGHAI);
    expect(await entitlements.hasDeepAccess(t.db, userId, reportB, NOON_SHANGHAI)).toBe(true);
    const afterExpiry = new Date(NOON_SHANGHAI.getTime() + 31 * DAY_MS);
    expect(await entitlements.hasDeepAccess(t.db, userId, reportB, afterExpiry)).toBe(false);
    expect(await entitlements.hasDeepAccess(t.db, userId, reportA, afterExpiry)).toBe(true);
  });
});
