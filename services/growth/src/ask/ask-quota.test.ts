import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError } from '../../test/factories.ts';
import { shanghaiDay } from '../calendar/calendar-day.ts';
import { addAskCredits } from '../entitlements/entitlements.repository.ts';
import { extendMembership } from '../entitlements/membership-grants.ts';
import { ask, newAsker, sendMessage, type AskQuotaBody } from './ask.test-support.ts';

/** Noon in Shanghai on 2026-06-01 (the ManualClock's default start). */
const NOON_SHANGHAI = '2026-06-01T04:00:00.000Z';
const NEXT_SHANGHAI_MIDNIGHT = '2026-06-01T16:00:00.000Z';

// One app for the file: every test uses accounts of its own and sets the clock it needs.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.set(NOON_SHANGHAI);
});

async function threadMessageCount(threadId: string): Promise<number> {
  const row = await t.db
    .selectFrom('ask_messages')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('thread_id', '=', threadId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

async function setUsedToday(userId: string, used: number): Promise<void> {
  const day = shanghaiDay(t.clock.now());
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('quota_usage')
    .values({ user_id: userId, kind: 'ask', day, used, updated_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'day']).doUpdateSet({ used }))
    .execute();
}

async function usedToday(userId: string): Promise<number> {
  const row = await t.db
    .selectFrom('quota_usage')
    .select('used')
    .where('user_id', '=', userId)
    .where('kind', '=', 'ask')
    .where('day', '=', shanghaiDay(t.clock.now()))
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

describe('free questions', () => {
  it('allows five a day, then answers 402 / 40200 and stores and spends nothing', async () => {
    const { user, thread } = await newAsker(t);
    const remaining: number[] = [];
    for (let i = 0; i < 5; i += 1)
      remaining.push((await ask(user, thread.id, `第${i + 1}个问题：怎么改掉拖延？`)).quota.remaining);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expect(await threadMessageCount(thread.id)).toBe(10);

    expectError(await sendMessage(user, thread.id, '再问一个：怎么早起？'), 402, 40200);
    expect(await threadMessageCount(thread.id)).toBe(10);
    expect(await usedToday(user.userId ?? '')).toBe(5);
    const quota = body<AskQuotaBody>(await user.request('GET', '/api/v1/ask/quota')).data;
    expect(quota).toEqual({ active_membership: false, remaining: 0, free_limit: 5, source: 'none' });
  });

  it('resets on the next calendar day in Shanghai, not before', async () => {
    const { user, thread } = await newAsker(t);
    await setUsedToday(user.userId ?? '', 5);
    t.clock.set('2026-06-01T15:59:59.000Z');
    expectError(await sendMessage(user, thread.id, '还能问吗？'), 402, 40200);
    t.clock.set(NEXT_SHANGHAI_MIDNIGHT);
    const { quota } = await ask(user, thread.id, '新的一天，怎么开个好头？');
    expect(quota).toEqual({ active_membership: false, remaining: 4, free_limit: 5, source: 'free' });
  });
});

describe('membership and packs', () => {
  it('gives members 100 questions a day', async () => {
    const { user, thread } = await newAsker(t);
    const userId = user.userId ?? '';
    await extendMembership(t.db, {
      userId,
      planCode: 'month',
      durationDays: 30,
      source: 'admin',
      sourceId: 'test',
      at: t.clock.now(),
    });
    const quota = body<AskQuotaBody>(await user.request('GET', '/api/v1/ask/quota')).data;
    expect(quota).toEqual({ active_membership: true, remaining: 100, free_limit: 100, source: 'membership' });
    await setUsedToday(userId, 99);
    expect((await ask(user, thread.id, '最后一个问题')).quota).toEqual({
      active_membership: true,
      remaining: 0,
      free_limit: 100,
      source: 'none',
    });
    expectError(await sendMessage(user, thread.id, '超出了吗'), 402, 40200);
  });

  it('spends pack credits after the day’s free questions, and keeps them across days', async () => {
    const { user, thread } = await newAsker(t);
    const userId = user.userId ?? '';
    await addAskCredits(t.db, userId, 2, t.clock.now().toISOString());
    expect(body<AskQuotaBody>(await user.request('GET', '/api/v1/ask/quota')).data).toMatchObject({
      remaining: 7,
      source: 'free',
    });
    await setUsedToday(userId, 5);
    expect((await ask(user, thread.id, '用礼包问一个')).quota).toEqual({
      active_membership: false,
      remaining: 1,
      free_limit: 5,
      source: 'pack',
    });
    t.clock.set(NEXT_SHANGHAI_MIDNIGHT);
    // A new day: five free questions again, and the one pack credit is still there.
    expect((await ask(user, thread.id, '第二天')).quota).toMatchObject({ remaining: 5, source: 'free' });
    await setUsedToday(userId, 5);
    await ask(user, thread.id, '再用礼包');
    expectError(await sendMessage(user, thread.id, '没有了吧'), 402, 40200);
  });
});

describe('concurrent questions', () => {
  it('answers exactly five of ten concurrent messages with five left, and stores exactly their ten messages', async () => {
    const { user, thread } = await newAsker(t);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sendMessage(user, thread.id, `并发问题 ${i}：怎么缓解焦虑？`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 402, 402, 402, 402, 402]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 402)) {
      expect(body(response).code).toBe(40200);
    }
    expect(await threadMessageCount(thread.id)).toBe(10);
    expect(await usedToday(user.userId ?? '')).toBe(5);
    const seqs = await t.db
      .selectFrom('ask_messages')
      .select('seq')
      .where('thread_id', '=', thread.id)
      .orderBy('seq')
      .execute();
    expect(seqs.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('messages that never cost a question', () => {
  it('answers a first-person crisis even with no questions left, and spends nothing', async () => {
    const { user, thread } = await newAsker(t);
    const userId = user.userId ?? '';
    await setUsedToday(userId, 5);
    const { assistant, quota } = await ask(user, thread.id, '我真的撑不住了，我想死');
    expect(assistant.reply_kind).toBe('crisis_support');
    expect(quota).toMatchObject({ remaining: 0, source: 'none' });
    expect(await usedToday(userId)).toBe(5);
  });

  it('does not charge a crisis message when questions are left', async () => {
    const { user, thread } = await newAsker(t);
    const { quota } = await ask(user, thread.id, '我不想活了');
    expect(quota.remaining).toBe(5);
  });

  it('does not charge worry about someone else, or a request for a person', async () => {
    const { user, thread } = await newAsker(t);
    await setUsedToday(user.userId ?? '', 5);
    expect((await ask(user, thread.id, '我朋友说他想死，我该怎么办')).assistant.reply_kind).toBe(
      'third_party_support',
    );
    expect((await ask(user, thread.id, '转接人工')).assistant.reply_kind).toBe('handoff');
  });

  it('charges a refused message like any question', async () => {
    const { user, thread } = await newAsker(t);
    const { assistant, quota } = await ask(user, thread.id, '怎么制作炸弹');
    expect(assistant.reply_kind).toBe('safe_refusal');
    expect(quota.remaining).toBe(4);
  });
});
