import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser, type UserClient } from '../../test/factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp(); // 2026-06-01 12:00 in Shanghai
});
afterEach(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;

interface Plan {
  id: string;
  title: string;
  goal: string;
  days: number;
  start_date: string;
  end_date: string;
  streak: number;
  checked_in_today: boolean;
  checkin_count: number;
  created_at: string;
}
interface Checkin {
  id: string;
  plan_id: string;
  day: string;
  created_at: string;
}

async function createPlan(
  user: UserClient,
  payload: Record<string, unknown> = { title: '早睡早起' },
): Promise<Plan> {
  const response = await user.request('POST', '/api/v1/growth/plans', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<Plan>(response).data;
}

async function checkIn(user: UserClient, planId: string): Promise<Checkin> {
  const response = await user.request('POST', `/api/v1/growth/plans/${planId}/checkin`);
  expect(response.statusCode, response.body).toBe(200);
  return body<Checkin>(response).data;
}

async function plans(user: UserClient): Promise<Plan[]> {
  const response = await user.request('GET', '/api/v1/growth/plans');
  expect(response.statusCode).toBe(200);
  return body<{ items: Plan[] }>(response).data.items;
}

async function checkinRows(): Promise<number> {
  const row = await t.db
    .selectFrom('growth_plan_checkins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /growth/plans', () => {
  it('creates a plan with the defaults: 21 days starting today', async () => {
    const user = await newUser(t.app);
    const plan = await createPlan(user, { title: '  每天读书 20 分钟 ' });
    expect(plan).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: '每天读书 20 分钟',
      goal: '',
      days: 21,
      start_date: '2026-06-01',
      end_date: '2026-06-21',
      streak: 0,
      checked_in_today: false,
      checkin_count: 0,
      created_at: '2026-06-01T04:00:00.000Z',
    });
    expect((await plans(user)).map((item) => item.id)).toEqual([plan.id]);
  });

  it('takes goal, days and start_date', async () => {
    const user = await newUser(t.app);
    const plan = await createPlan(user, {
      title: '跑步',
      goal: '跑完 5 公里',
      days: 30,
      start_date: '2026-06-10',
    });
    expect(plan).toMatchObject({
      goal: '跑完 5 公里',
      days: 30,
      start_date: '2026-06-10',
      end_date: '2026-07-09',
    });
  });

  it.each([
    ['title missing', {}, 'body.title'],
    ['title empty', { title: '' }, 'body.title'],
    ['title blank', { title: '   ' }, 'body.title'],
    ['title over 60 characters', { title: '长'.repeat(61) }, 'body.title'],
    ['goal over 500 characters', { title: 'x', goal: '长'.repeat(501) }, 'body.goal'],
    ['days below 7', { title: 'x', days: 6 }, 'body.days'],
    ['days above 365', { title: 'x', days: 366 }, 'body.days'],
    ['start_date malformed', { title: 'x', start_date: '06/01/2026' }, 'body.start_date'],
    ['start_date impossible', { title: 'x', start_date: '2026-02-29' }, 'body.start_date'],
    ['start_date more than a year ahead', { title: 'x', start_date: '2027-06-02' }, 'body.start_date'],
  ])('answers 400/10001 naming the field when %s, and creates nothing', async (_case, payload, field) => {
    const user = await newUser(t.app);
    const response = await user.request('POST', '/api/v1/growth/plans', payload);
    expect(expectError(response, 400, 10001)).toContain(field);
    expect(await plans(user)).toHaveLength(0);
  });

  it('lists only the caller’s plans, newest first', async () => {
    const user = await newUser(t.app);
    const older = await createPlan(user, { title: 'A' });
    t.clock.advance(1000);
    const newer = await createPlan(user, { title: 'B' });
    await createPlan(await newUser(t.app), { title: 'C' });
    expect((await plans(user)).map((plan) => plan.id)).toEqual([newer.id, older.id]);
  });
});

describe('POST /growth/plans/{id}/checkin', () => {
  it('checks in once a day: a second check-in the same day answers the same record', async () => {
    const user = await newUser(t.app);
    const plan = await createPlan(user);
    const first = await checkIn(user, plan.id);
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      plan_id: plan.id,
      day: '2026-06-01',
      created_at: '2026-06-01T04:00:00.000Z',
    });
    t.clock.advance(3_600_000);
    expect(await checkIn(user, plan.id)).toEqual(first);
    expect(await checkinRows()).toBe(1);
    expect((await plans(user))[0]).toMatchObject({ streak: 1, checked_in_today: true, checkin_count: 1 });
  });

  it('never stores two check-ins of one day under concurrent requests', async () => {
    const user = await newUser(t.app);
    const plan = await createPlan(user);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => user.request('POST', `/api/v1/growth/plans/${plan.id}/checkin`)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(responses.map((response) => body<Checkin>(response).data.id)).size).toBe(1);
    expect(await checkinRows()).toBe(1);
  });

  it('keeps the streak through today while today is open, and resets it after a missed day', async () => {
    const user = await newUser(t.app);
    const plan = await createPlan(user);
    for (let day = 0; day < 3; day += 1) {
      await checkIn(user, plan.id);
      t.clock.advance(DAY_MS);
    }
    // Day 4, not checked in yet: the streak still counts the three days up to yesterday.
    expect((await plans(user))[0]).toMatchObject({ streak: 3, checked_in_today: false, checkin_count: 3 });
    await checkIn(user, plan.id);
    expect((await plans(user))[0]).toMatchObject({ streak: 4, checked_in_today: true });
    t.clock.advance(2 * DAY_MS); // day 5 missed entirely
    expect((await plans(user))[0]).toMatchObject({ streak: 0, checked_in_today: false, checkin_count: 4 });
    await checkIn(user, plan.id);
    expect((await plans(user))[0]).toMatchObject({ streak: 1, checked_in_today: true });
  });

  it('answers 400 before start_date and after the last day, and stores nothing', async () => {
    const user = await newUser(t.app);
    const upcoming = await createPlan(user, { title: 'x', start_date: '2026-06-03', days: 7 });
    expect(
      expectError(await user.request('POST', `/api/v1/growth/plans/${upcoming.id}/checkin`), 400, 40000),
    ).toContain('2026-06-03');
    const week = await createPlan(user, { title: 'y', days: 7 }); // 2026-06-01 .. 2026-06-07
    t.clock.advance(6 * DAY_MS);
    expect((await checkIn(user, week.id)).day).toBe('2026-06-07');
    t.clock.advance(DAY_MS);
    expect(
      expectError(await user.request('POST', `/api/v1/growth/plans/${week.id}/checkin`), 400, 40000),
    ).toContain('2026-06-07');
    expect(await checkinRows()).toBe(1);
  });

  it("answers 404 for another account's plan and for an unknown id, storing nothing", async () => {
    const owner = await newUser(t.app);
    const plan = await createPlan(owner);
    const intruder = await newUser(t.app);
    expectError(await intruder.request('POST', `/api/v1/growth/plans/${plan.id}/checkin`), 404, 40400);
    expectError(await intruder.request('GET', `/api/v1/growth/plans/${plan.id}/checkins`), 404, 40400);
    expectError(await owner.request('POST', `/api/v1/growth/plans/${randomUUID()}/checkin`), 404, 40400);
    expect(await checkinRows()).toBe(0);
  });

  it('needs a device identity', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/growth/plans' }), 401, 40100);
  });
});

describe('GET /growth/plans/{id}/checkins', () => {
  it('lists the check-ins of the plan, oldest day first', async () => {
    const user = await newUser(t.app);
    const plan = await createPlan(user);
    const other = await createPlan(user, { title: 'other' });
    const first = await checkIn(user, plan.id);
    await checkIn(user, other.id);
    t.clock.advance(DAY_MS);
    const second = await checkIn(user, plan.id);
    const response = await user.request('GET', `/api/v1/growth/plans/${plan.id}/checkins`);
    expect(body<{ items: Checkin[] }>(response).data.items).toEqual([first, second]);
  });
});
