import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  body,
  expectError,
  loginSuperAdmin,
  newAdminWith,
  newUser,
  type UserClient,
} from '../../test/factories.ts';
import { CRISIS_RESOURCES } from './scale-scoring.ts';
import { scaleQuestionId, syncScaleInstruments } from './scales.seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Question {
  id: string;
  sort: number;
  body: { prompt: string; options: { key: string; text: string }[] };
}
interface Detail {
  slug: string;
  title: string;
  description: string;
  instructions: string;
  questions: Question[];
}
interface Submitted {
  id: string;
  result: {
    scale: string;
    score: number;
    band: string;
    band_label: string;
    crisis_flag: boolean;
    dimensions?: Record<string, { score: number; band: string; band_label: string }>;
    crisis?: { message: string; resources: { key: string; phone: string }[] };
  };
}
interface AdminScale {
  id: string;
  slug: string;
  title: string;
  status: string;
  description: string;
  sort: number;
  scoreable: boolean;
  question_count: number;
}

const SHIPPED = ['phq9', 'gad7', 'pss10', 'rses', 'who5', 'k10', 'ucla3', 'ipip50'];

async function insertProfile(userId: string): Promise<string> {
  const id = randomUUID();
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('profiles')
    .values({
      id,
      user_id: userId,
      relation: 'self',
      display_name: '我',
      birth_date: '1995-05-05',
      birth_time: null,
      birth_place: null,
      gender: null,
      relation_type: null,
      geo_lat: null,
      geo_lng: null,
      geo_visible: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

async function userWithProfile(): Promise<{ user: UserClient; profileId: string }> {
  const user = await newUser(t.app);
  return { user, profileId: await insertProfile(user.userId ?? '') };
}

async function detail(user: UserClient, slug: string): Promise<Detail> {
  const response = await user.request('GET', `/api/v1/scales/${slug}`);
  expect(response.statusCode, response.body).toBe(200);
  return body<Detail>(response).data;
}

/** Answers every question with the option at `pick(index)` (default the first option). */
function answersFor(
  scale: Detail,
  pick: (question: Question, index: number) => string = (q) => q.body.options[0]?.key ?? '',
) {
  return Object.fromEntries(scale.questions.map((question, index) => [question.id, pick(question, index)]));
}

async function countRows(table: 'scale_results' | 'crisis_events' | 'audit_logs'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function tableSnapshot() {
  return {
    scales: await t.db.selectFrom('scales').selectAll().orderBy('id').execute(),
    questions: await t.db.selectFrom('scale_questions').selectAll().orderBy('id').execute(),
  };
}

describe('GET /scales', () => {
  it('lists the shipped published instruments in catalogue order', async () => {
    const user = await newUser(t.app);
    const response = await user.request('GET', '/api/v1/scales');
    expect(response.statusCode).toBe(200);
    const items = body<{ items: { slug: string; title: string; description: string }[] }>(response).data
      .items;
    expect(items.map((item) => item.slug)).toEqual(SHIPPED);
    for (const item of items) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
    }
  });

  it('needs a device identity', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/scales' });
    expectError(response, 401, 40100);
  });
});

describe('GET /scales/{slug}', () => {
  it('answers the questions ordered by sort, with ids derived from slug and question key', async () => {
    const user = await newUser(t.app);
    const phq9 = await detail(user, 'phq9');
    expect(phq9.questions).toHaveLength(9);
    expect(phq9.questions.map((question) => question.sort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(phq9.questions[8]?.id).toBe(scaleQuestionId('phq9', 'q9'));
    expect(phq9.questions[0]?.body.options.map((option) => option.key)).toEqual([
      'not_at_all',
      'several_days',
      'more_than_half',
      'nearly_every_day',
    ]);
    expect(phq9.instructions).toContain('两个星期');
    // Option values are scoring internals and stay on the server.
    expect(JSON.stringify(phq9)).not.toContain('"value"');
  });

  it('answers 404 for an unknown slug', async () => {
    const user = await newUser(t.app);
    expectError(await user.request('GET', '/api/v1/scales/nope'), 404, 40400);
  });

  it('keeps question ids across databases (stable, not random)', async () => {
    const user = await newUser(t.app);
    const first = (await detail(user, 'gad7')).questions.map((question) => question.id);
    const other = await buildTestApp();
    try {
      const otherUser = await newUser(other.app);
      const response = await otherUser.request('GET', '/api/v1/scales/gad7');
      const second = body<Detail>(response).data.questions.map((question) => question.id);
      expect(second).toEqual(first);
    } finally {
      await other.close();
    }
  });
});

describe('POST /scales/{slug}/result', () => {
  it('scores, stores and answers { id, result } with score, band and band_label', async () => {
    const { user, profileId } = await userWithProfile();
    const gad7 = await detail(user, 'gad7');
    // Every item "more than half the days" (value 2): 14 of 21, the moderate band (10–14).
    const response = await user.request('POST', '/api/v1/scales/gad7/result', {
      profile_id: profileId,
      answers: answersFor(gad7, (question) => question.body.options[2]?.key ?? ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id, result } = body<Submitted>(response).data;
    expect(result).toMatchObject({ scale: 'gad7', score: 14, band: 'moderate', crisis_flag: false });
    expect(result.band_label.length).toBeGreaterThan(0);
    expect(result.crisis).toBeUndefined();
    const stored = await t.db
      .selectFrom('scale_results')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: user.userId, profile_id: profileId });
    expect(JSON.parse(stored.answers_json)).toEqual(
      answersFor(gad7, (question) => question.body.options[2]?.key ?? ''),
    );
    expect(JSON.parse(stored.result_json)).toEqual(result);
  });

  it('reports per-dimension scores for ipip50', async () => {
    const { user, profileId } = await userWithProfile();
    const ipip = await detail(user, 'ipip50');
    expect(ipip.questions).toHaveLength(50);
    const response = await user.request('POST', '/api/v1/scales/ipip50/result', {
      profile_id: profileId,
      answers: answersFor(ipip, (question) => question.body.options[2]?.key ?? ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = body<Submitted>(response).data;
    expect(Object.keys(result.dimensions ?? {}).sort()).toEqual(
      ['agreeableness', 'conscientiousness', 'emotional_stability', 'extraversion', 'intellect'].sort(),
    );
    // All neutral (3) answers: every dimension is 30 of 10..50 whatever the keying.
    for (const dimension of Object.values(result.dimensions ?? {})) expect(dimension.score).toBe(30);
  });

  it('answers 400/10001 naming the unanswered question id, and stores nothing', async () => {
    const { user, profileId } = await userWithProfile();
    const phq9 = await detail(user, 'phq9');
    const answers = answersFor(phq9);
    const missing = phq9.questions[4]?.id ?? '';
    delete answers[missing];
    const response = await user.request('POST', '/api/v1/scales/phq9/result', {
      profile_id: profileId,
      answers,
    });
    expect(expectError(response, 400, 10001)).toBe(`body.answers.${missing} is required`);
    expect(await countRows('scale_results')).toBe(0);
  });

  it('answers 400/10001 naming the question whose option is not one of its options', async () => {
    const { user, profileId } = await userWithProfile();
    const phq9 = await detail(user, 'phq9');
    const answers = answersFor(phq9);
    const wrong = phq9.questions[2]?.id ?? '';
    answers[wrong] = 'sometimes';
    const response = await user.request('POST', '/api/v1/scales/phq9/result', {
      profile_id: profileId,
      answers,
    });
    expect(expectError(response, 400, 10001)).toContain(`body.answers.${wrong} must be one of`);
    expect(await countRows('scale_results')).toBe(0);
  });

  it('answers 400/10001 for an id that is not a question of the scale', async () => {
    const { user, profileId } = await userWithProfile();
    const phq9 = await detail(user, 'phq9');
    const gad7 = await detail(user, 'gad7');
    const stranger = gad7.questions[0]?.id ?? '';
    const response = await user.request('POST', '/api/v1/scales/phq9/result', {
      profile_id: profileId,
      answers: { ...answersFor(phq9), [stranger]: 'not_at_all' },
    });
    expect(expectError(response, 400, 10001)).toContain(`body.answers.${stranger}`);
  });

  it.each([
    ['profile_id missing', { answers: {} }, 'body.profile_id'],
    ['profile_id not a uuid', { profile_id: 'abc', answers: {} }, 'body.profile_id'],
    ['answers missing', { profile_id: randomUUID() }, 'body.answers'],
    ['answers not an object', { profile_id: randomUUID(), answers: 'x' }, 'body.answers'],
  ])('answers 400/10001 naming the field when %s', async (_case, payload, field) => {
    const user = await newUser(t.app);
    const response = await user.request('POST', '/api/v1/scales/phq9/result', payload);
    expect(expectError(response, 400, 10001)).toContain(field);
  });

  it("answers 404 for another account's profile and stores nothing", async () => {
    const { profileId } = await userWithProfile();
    const intruder = await newUser(t.app);
    const phq9 = await detail(intruder, 'phq9');
    const response = await intruder.request('POST', '/api/v1/scales/phq9/result', {
      profile_id: profileId,
      answers: answersFor(phq9),
    });
    expectError(response, 404, 40400);
    expect(await countRows('scale_results')).toBe(0);
  });

  it('answers 404 for an unknown scale', async () => {
    const { user, profileId } = await userWithProfile();
    const response = await user.request('POST', '/api/v1/scales/nope/result', {
      profile_id: profileId,
      answers: {},
    });
    expectError(response, 404, 40400);
  });
});

describe('PHQ-9 item 9 (crisis path)', () => {
  it('attaches crisis resources and records a crisis event even when the total is minimal', async () => {
    const { user, profileId } = await userWithProfile();
    const phq9 = await detail(user, 'phq9');
    const item9 = phq9.questions[8]?.id ?? '';
    const answers = { ...answersFor(phq9), [item9]: 'several_days' };
    const response = await user.request('POST', '/api/v1/scales/phq9/result', {
      profile_id: profileId,
      answers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id, result } = body<Submitted>(response).data;
    expect(result).toMatchObject({ score: 1, band: 'minimal', crisis_flag: true });
    expect(result.crisis?.resources.map((resource) => resource.key)).toEqual(
      CRISIS_RESOURCES.map((resource) => resource.key),
    );
    expect(result.crisis?.resources.map((resource) => resource.phone)).toContain('12356');

    const events = await t.db.selectFrom('crisis_events').selectAll().execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      user_id: user.userId,
      profile_id: profileId,
      source: 'scale',
      source_ref: id,
      status: 'open',
    });
    expect(events[0]?.summary).toContain('好几天');
  });

  it('records no crisis event when item 9 is "not at all", however high the total', async () => {
    const { user, profileId } = await userWithProfile();
    const phq9 = await detail(user, 'phq9');
    const answers = answersFor(phq9, (question, index) => (index === 8 ? 'not_at_all' : 'nearly_every_day'));
    const response = await user.request('POST', '/api/v1/scales/phq9/result', {
      profile_id: profileId,
      answers,
    });
    const { result } = body<Submitted>(response).data;
    expect(result).toMatchObject({ score: 24, band: 'severe', crisis_flag: false });
    expect(result.crisis).toBeUndefined();
    expect(await countRows('crisis_events')).toBe(0);
  });

  it('stores neither the result nor the crisis event when the answers are refused', async () => {
    const { user, profileId } = await userWithProfile();
    const phq9 = await detail(user, 'phq9');
    const answers = { ...answersFor(phq9), [phq9.questions[8]?.id ?? '']: 'nearly_every_day' };
    delete answers[phq9.questions[0]?.id ?? ''];
    const response = await user.request('POST', '/api/v1/scales/phq9/result', {
      profile_id: profileId,
      answers,
    });
    expectError(response, 400, 10001);
    expect(await countRows('scale_results')).toBe(0);
    expect(await countRows('crisis_events')).toBe(0);
  });
});

describe('instrument seeding', () => {
  it('is idempotent: running it again changes nothing', async () => {
    const before = await tableSnapshot();
    expect(before.scales).toHaveLength(SHIPPED.length);
    const report = await syncScaleInstruments(t.db, t.clock.now().toISOString());
    expect(report).toEqual({
      scalesCreated: 0,
      questionsInserted: 0,
      questionsUpdated: 0,
      questionsRemoved: 0,
    });
    expect(await tableSnapshot()).toEqual(before);
  });

  it('keeps what operators changed and restores question wording from the instrument', async () => {
    const admin = await loginSuperAdmin(t.app);
    const phq9 = (await adminScales(admin)).find((scale) => scale.slug === 'phq9');
    await admin.request('PUT', `/api/v1/admin/scales/${phq9?.id}`, {
      title: '情绪自评',
      description: '说明',
    });
    await admin.request('PATCH', `/api/v1/admin/scales/${phq9?.id}`, { status: 'draft' });
    await t.db.updateTable('scale_questions').set({ prompt: 'tampered' }).where('key', '=', 'q1').execute();

    const report = await syncScaleInstruments(t.db, t.clock.now().toISOString());
    expect(report.questionsUpdated).toBe(SHIPPED.length);
    const after = await t.db
      .selectFrom('scales')
      .selectAll()
      .where('slug', '=', 'phq9')
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ title: '情绪自评', description: '说明', status: 'draft' });
    const prompts = await t.db
      .selectFrom('scale_questions')
      .select('prompt')
      .where('key', '=', 'q1')
      .execute();
    expect(prompts.some((row) => row.prompt === 'tampered')).toBe(false);
  });
});

async function adminScales(admin: { request: UserClient['request'] }): Promise<AdminScale[]> {
  const response = await admin.request('GET', '/api/v1/admin/scales?limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: AdminScale[] }>(response).data.items;
}

describe('admin scales', () => {
  it('lists every scale with id, slug, title and status under admin.explore.read', async () => {
    const reader = await newAdminWith(t, ['admin.explore.read']);
    const response = await reader.request('GET', '/api/v1/admin/scales');
    expect(response.statusCode).toBe(200);
    const data = body<{ items: AdminScale[]; total: number }>(response).data;
    expect(data.total).toBe(SHIPPED.length);
    expect(data.items[0]).toMatchObject({
      slug: 'phq9',
      status: 'published',
      scoreable: true,
      question_count: 9,
    });
    expect(data.items[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gets one scale by id, 404 for an unknown id', async () => {
    const reader = await newAdminWith(t, ['admin.explore.read']);
    const [first] = await adminScales(reader);
    const response = await reader.request('GET', `/api/v1/admin/scales/${first?.id}`);
    expect(body<AdminScale>(response).data).toEqual(first);
    expectError(await reader.request('GET', `/api/v1/admin/scales/${randomUUID()}`), 404, 40400);
  });

  it('refuses without a session (401) and without the permission (403)', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/admin/scales' }), 401, 40101);
    const other = await newAdminWith(t, ['admin.cms.read']);
    expectError(await other.request('GET', '/api/v1/admin/scales'), 403, 40300);
    const reader = await newAdminWith(t, ['admin.explore.read']);
    const [first] = await adminScales(reader);
    expectError(
      await reader.request('PATCH', `/api/v1/admin/scales/${first?.id}`, { status: 'draft' }),
      403,
      40300,
    );
  });

  it('PATCH status draft hides a scale from users, published brings it back, each audited', async () => {
    const writer = await newAdminWith(t, ['admin.explore.read', 'admin.explore.write']);
    const user = await newUser(t.app);
    const k10 = (await adminScales(writer)).find((scale) => scale.slug === 'k10');
    const auditsBefore = await countRows('audit_logs');

    const drafted = await writer.request('PATCH', `/api/v1/admin/scales/${k10?.id}`, { status: 'draft' });
    expect(body<AdminScale>(drafted).data).toMatchObject({ id: k10?.id, slug: 'k10', status: 'draft' });
    const listed = body<{ items: { slug: string }[] }>(await user.request('GET', '/api/v1/scales')).data
      .items;
    expect(listed.map((item) => item.slug)).not.toContain('k10');
    expectError(await user.request('GET', '/api/v1/scales/k10'), 404, 40400);
    expectError(
      await user.request('POST', '/api/v1/scales/k10/result', { profile_id: randomUUID(), answers: {} }),
      404,
      40400,
    );
    expect((await adminScales(writer)).find((scale) => scale.slug === 'k10')?.status).toBe('draft');

    await writer.request('PATCH', `/api/v1/admin/scales/${k10?.id}`, { status: 'published' });
    expect((await user.request('GET', '/api/v1/scales/k10')).statusCode).toBe(200);

    const audits = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_id', '=', k10?.id ?? '')
      .execute();
    expect(audits.map((entry) => entry.action)).toEqual(['scale.status', 'scale.status']);
    expect(audits[0]).toMatchObject({ admin_id: writer.adminId });
    expect(await countRows('audit_logs')).toBe(auditsBefore + 2);
  });

  it('PATCH refuses a status outside published|draft (400 naming body.status) and an unknown id (404)', async () => {
    const admin = await loginSuperAdmin(t.app);
    const [first] = await adminScales(admin);
    const refused = await admin.request('PATCH', `/api/v1/admin/scales/${first?.id}`, { status: 'archived' });
    expect(expectError(refused, 400, 10001)).toContain('body.status');
    expectError(
      await admin.request('PATCH', `/api/v1/admin/scales/${randomUUID()}`, { status: 'draft' }),
      404,
      40400,
    );
  });

  it('POST creates a draft; it cannot be published without a scoring instrument', async () => {
    const admin = await loginSuperAdmin(t.app);
    const created = await admin.request('POST', '/api/v1/admin/scales', {
      slug: 'sleep_quality',
      title: '睡眠质量自评',
      description: '即将上线',
    });
    expect(created.statusCode, created.body).toBe(200);
    const scale = body<AdminScale>(created).data;
    expect(scale).toMatchObject({
      slug: 'sleep_quality',
      status: 'draft',
      scoreable: false,
      question_count: 0,
    });
    expect(scale.sort).toBeGreaterThan(0);

    const refused = await admin.request('PATCH', `/api/v1/admin/scales/${scale.id}`, { status: 'published' });
    expect(expectError(refused, 400, 40000)).toContain('body.status');
    expect((await adminScales(admin)).find((item) => item.id === scale.id)?.status).toBe('draft');

    const user = await newUser(t.app);
    expectError(await user.request('GET', '/api/v1/scales/sleep_quality'), 404, 40400);
    const audit = await t.db.selectFrom('audit_logs').selectAll().where('target_id', '=', scale.id).execute();
    expect(audit.map((entry) => entry.action)).toEqual(['scale.create']);
  });

  it('POST refuses a taken slug (409) and a malformed one (400 naming body.slug)', async () => {
    const admin = await loginSuperAdmin(t.app);
    const taken = await admin.request('POST', '/api/v1/admin/scales', {
      slug: 'phq9',
      title: 'x',
      description: '',
    });
    expectError(taken, 409, 40900);
    const malformed = await admin.request('POST', '/api/v1/admin/scales', {
      slug: 'Bad Slug',
      title: 'x',
      description: '',
    });
    expect(expectError(malformed, 400, 10001)).toContain('body.slug');
    const untitled = await admin.request('POST', '/api/v1/admin/scales', {
      slug: 'ok_slug',
      description: '',
    });
    expect(expectError(untitled, 400, 10001)).toContain('body.title');
    expect(await adminScales(admin)).toHaveLength(SHIPPED.length);
  });

  it('PUT updates title, description and sort, is audited, and users see the new title', async () => {
    const admin = await loginSuperAdmin(t.app);
    const who5 = (await adminScales(admin)).find((scale) => scale.slug === 'who5');
    const response = await admin.request('PUT', `/api/v1/admin/scales/${who5?.id}`, {
      title: '幸福感自评',
      description: '五道题',
      sort: 1,
    });
    expect(body<AdminScale>(response).data).toMatchObject({
      title: '幸福感自评',
      description: '五道题',
      sort: 1,
    });
    const user = await newUser(t.app);
    const items = body<{ items: { slug: string; title: string }[] }>(
      await user.request('GET', '/api/v1/scales'),
    ).data.items;
    expect(items[0]).toMatchObject({ slug: 'who5', title: '幸福感自评' });
    const [audit] = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'scale.update')
      .execute();
    expect(JSON.parse(audit?.before_json ?? '{}')).toMatchObject({ title: who5?.title });
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({ title: '幸福感自评' });

    expectError(
      await admin.request('PUT', `/api/v1/admin/scales/${randomUUID()}`, { title: 'x', description: '' }),
      404,
      40400,
    );
    const bad = await admin.request('PUT', `/api/v1/admin/scales/${who5?.id}`, {
      title: '',
      description: '',
    });
    expect(expectError(bad, 400, 10001)).toContain('body.title');
  });
});
