import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser, type UserClient } from '../../test/factories.ts';

let t: TestApp;
beforeEach(async () => {
  // 2026-06-01 12:00 in Shanghai.
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Mood {
  id: string;
  day: string;
  score: number | null;
  note: string | null;
  updated_at: string;
}

async function record(user: UserClient, payload?: unknown): Promise<Mood> {
  const response = await user.request('POST', '/api/v1/moods', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<Mood>(response).data;
}

async function moodRows(userId?: string | null) {
  let query = t.db.selectFrom('moods').selectAll();
  if (userId) query = query.where('user_id', '=', userId);
  return query.orderBy('day').execute();
}

describe('POST /moods', () => {
  it("records today's mood and answers the Mood record", async () => {
    const user = await newUser(t.app);
    const mood = await record(user, { score: 4, note: '今天不错' });
    expect(mood).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      day: '2026-06-01',
      score: 4,
      note: '今天不错',
      updated_at: '2026-06-01T04:00:00.000Z',
    });
    const today = body<{ mood: Mood | null }>(await user.request('GET', '/api/v1/moods/today')).data;
    expect(today.mood).toEqual(mood);
  });

  it('updates the same day in place: same id, fields left out keep their values, null clears the note', async () => {
    const user = await newUser(t.app);
    const first = await record(user, { score: 2, note: '有点累' });
    t.clock.advance(60_000);
    const second = await record(user, { score: 5 });
    expect(second).toMatchObject({
      id: first.id,
      score: 5,
      note: '有点累',
      updated_at: '2026-06-01T04:01:00.000Z',
    });
    const third = await record(user, { note: null });
    expect(third).toMatchObject({ id: first.id, score: 5, note: null });
    expect(await moodRows(user.userId)).toHaveLength(1);
  });

  it('takes every field as optional: a bodiless POST or {} records the day with no score yet', async () => {
    const user = await newUser(t.app);
    const empty = await record(user);
    expect(empty).toMatchObject({ day: '2026-06-01', score: null, note: null });
    const again = await record(user, {});
    expect(again.id).toBe(empty.id);
    const noteOnly = await record(user, { note: '只想写几句' });
    expect(noteOnly).toMatchObject({ id: empty.id, score: null, note: '只想写几句' });
  });

  it('defaults the day to today in Asia/Shanghai, not in UTC', async () => {
    t.clock.set('2026-05-31T17:30:00Z'); // 01:30 on 2026-06-01 in Shanghai
    const user = await newUser(t.app);
    expect((await record(user, { score: 3 })).day).toBe('2026-06-01');
  });

  it("uses the account's own time zone when it has one", async () => {
    t.clock.set('2026-06-01T02:00:00Z'); // 22:00 on 2026-05-31 in New York
    const user = await newUser(t.app);
    await t.db
      .updateTable('users')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', user.userId ?? '')
      .execute();
    expect((await record(user, { score: 3 })).day).toBe('2026-05-31');
    const future = await user.request('POST', '/api/v1/moods', { score: 3, day: '2026-06-01' });
    expect(expectError(future, 400, 10001)).toContain('body.day');
  });

  it('records a past day', async () => {
    const user = await newUser(t.app);
    expect(await record(user, { score: 1, day: '2026-05-28' })).toMatchObject({
      day: '2026-05-28',
      score: 1,
    });
  });

  it.each([
    ['a future day', { score: 3, day: '2026-06-02' }, 'body.day'],
    ['an impossible date', { score: 3, day: '2026-02-30' }, 'body.day'],
    ['a malformed date', { score: 3, day: '2026/06/01' }, 'body.day'],
    ['score 0', { score: 0 }, 'body.score'],
    ['score 6', { score: 6 }, 'body.score'],
    ['a fractional score', { score: 2.5 }, 'body.score'],
    ['a note over 200 characters', { score: 3, note: '好'.repeat(201) }, 'body.note'],
  ])('answers 400/10001 naming the field for %s, and stores nothing', async (_case, payload, field) => {
    const user = await newUser(t.app);
    const response = await user.request('POST', '/api/v1/moods', payload);
    expect(expectError(response, 400, 10001)).toContain(field);
    expect(await moodRows()).toHaveLength(0);
  });

  it('accepts a note of exactly 200 Chinese characters', async () => {
    const user = await newUser(t.app);
    expect((await record(user, { note: '好'.repeat(200) })).note).toHaveLength(200);
  });

  it('never creates two rows for one day under concurrent writes', async () => {
    const user = await newUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        user.request('POST', '/api/v1/moods', { score: (index % 5) + 1 }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set(responses.map((response) => body<Mood>(response).data.id));
    expect(ids.size).toBe(1);
    expect(await moodRows(user.userId)).toHaveLength(1);
  });

  it('needs a device identity', async () => {
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/moods', payload: { score: 3 } }),
      401,
      40100,
    );
  });
});

describe('GET /moods/today and /moods/recent', () => {
  it('answers { mood: null } before anything is recorded', async () => {
    const user = await newUser(t.app);
    const response = await user.request('GET', '/api/v1/moods/today');
    expect(body(response).data).toEqual({ mood: null });
  });

  it('answers exactly seven days, oldest first, with null on days without a record', async () => {
    const user = await newUser(t.app);
    await record(user, { score: 2, day: '2026-05-26' });
    await record(user, { score: 4, day: '2026-05-29' });
    await record(user, { score: 5 });
    await record(user, { score: 1, day: '2026-05-20' }); // outside the window
    const items = body<{ items: { day: string; mood: Mood | null }[] }>(
      await user.request('GET', '/api/v1/moods/recent'),
    ).data.items;
    expect(items.map((item) => item.day)).toEqual([
      '2026-05-26',
      '2026-05-27',
      '2026-05-28',
      '2026-05-29',
      '2026-05-30',
      '2026-05-31',
      '2026-06-01',
    ]);
    expect(items.map((item) => item.mood?.score ?? null)).toEqual([2, null, null, 4, null, null, 5]);
  });

  it("shows only the caller's own moods", async () => {
    const owner = await newUser(t.app);
    await record(owner, { score: 5 });
    const other = await newUser(t.app);
    expect(body(await other.request('GET', '/api/v1/moods/today')).data).toEqual({ mood: null });
    const items = body<{ items: { mood: Mood | null }[] }>(await other.request('GET', '/api/v1/moods/recent'))
      .data.items;
    expect(items.every((item) => item.mood === null)).toBe(true);
  });

  it('moves to a new day at midnight Shanghai time', async () => {
    const user = await newUser(t.app);
    await record(user, { score: 3 });
    t.clock.set('2026-06-01T16:00:00Z'); // 00:00 on 2026-06-02 in Shanghai
    expect(body(await user.request('GET', '/api/v1/moods/today')).data).toEqual({ mood: null });
    const items = body<{ items: { day: string; mood: Mood | null }[] }>(
      await user.request('GET', '/api/v1/moods/recent'),
    ).data.items;
    expect(items.at(-1)?.day).toBe('2026-06-02');
    expect(items.at(-2)?.mood?.score).toBe(3);
  });
});
