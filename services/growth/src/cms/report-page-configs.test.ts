import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';
import { REPORT_PAGE_SEED } from './cms.seed.ts';

let t: TestApp;
let admin: AdminClient;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await loginSuperAdmin(t.app);
});
afterEach(async () => {
  await t.close();
});

interface Config {
  key: string;
  section: string;
  horizon: string | null;
  title: string;
  description: string;
  sort: number;
}
interface AdminConfig extends Config {
  id: string;
  enabled: boolean;
  live: boolean;
}

async function active(type: 'star' | 'rhythm'): Promise<Config[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/${type}/configs` });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: Config[] }>(response).data.items;
}

async function adminConfigs(type: 'star' | 'rhythm'): Promise<AdminConfig[]> {
  const response = await admin.request('GET', `/api/v1/admin/${type}/configs?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: AdminConfig[] }>(response).data.items;
}

describe('GET /star/configs and /rhythm/configs', () => {
  it('answer the active report-page sections in sort order', async () => {
    const star = await active('star');
    expect(star.map((config) => config.key)).toEqual(REPORT_PAGE_SEED.star.map((config) => config.key));
    expect(star.filter((config) => config.section === 'outlook').map((config) => config.horizon)).toEqual([
      'day',
      'week',
      'month',
      'year',
      'lifetime',
    ]);
    expect(Object.keys(star[0] ?? {}).sort()).toEqual([
      'description',
      'horizon',
      'key',
      'section',
      'sort',
      'title',
    ]);
    const rhythm = await active('rhythm');
    expect(rhythm.map((config) => config.key)).toEqual(REPORT_PAGE_SEED.rhythm.map((config) => config.key));
  });
});

describe('admin star and rhythm configs', () => {
  it('creates a section users then see; disable hides it; each write audited', async () => {
    const response = await admin.request('POST', '/api/v1/admin/star/configs', {
      key: 'outlook_week_focus',
      section: 'outlook',
      horizon: 'week',
      title: '本周专注',
      description: '这一周最值得投入的一件事',
      sort: 35,
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = body<AdminConfig>(response).data;
    expect(created).toMatchObject({ enabled: true, live: true, sort: 35 });
    const keys = (await active('star')).map((config) => config.key);
    expect(keys.indexOf('outlook_week_focus')).toBe(keys.indexOf('outlook_week') + 1);

    await admin.request('POST', `/api/v1/admin/star/configs/${created.id}/disable`);
    expect((await active('star')).map((config) => config.key)).not.toContain('outlook_week_focus');
    expect((await active('rhythm')).length).toBe(REPORT_PAGE_SEED.rhythm.length);
    const actions = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', created.id)
      .execute();
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      'star_config.create',
      'star_config.disable',
    ]);
  });

  it('keeps keys unique per report type only', async () => {
    const payload = { key: 'transits', section: 'transits', title: '行运' };
    expectError(await admin.request('POST', '/api/v1/admin/rhythm/configs', payload), 409, 40900);
    const star = await admin.request('POST', '/api/v1/admin/star/configs', {
      ...payload,
      key: 'solar_term',
      section: 'core',
    });
    expect(star.statusCode, star.body).toBe(200);
  });

  it.each([
    ['star', { key: 'x_1', section: 'fortune', title: 'x' }, 'body.section'],
    ['star', { key: 'x_2', section: 'core', horizon: 'week', title: 'x' }, 'body.horizon'],
    ['star', { key: 'x_3', section: 'outlook', title: 'x' }, 'body.horizon'],
    ['star', { key: 'x_4', section: 'outlook', horizon: 'decade', title: 'x' }, 'body.horizon'],
    ['rhythm', { key: 'x_5', section: 'outlook', horizon: 'day', title: 'x' }, 'body.section'],
    ['rhythm', { key: 'Bad Key', section: 'today', title: 'x' }, 'body.key'],
    ['rhythm', { key: 'x_6', section: 'today' }, 'body.title'],
    ['rhythm', { key: 'x_8', section: 'upcoming', horizon: 'year', title: 'x' }, 'body.horizon'],
  ] as const)('%s: refuses %j with 400 naming the field', async (type, payload, field) => {
    const before = (await adminConfigs(type)).length;
    const response = await admin.request('POST', `/api/v1/admin/${type}/configs`, payload);
    expect(expectError(response, 400, 10001)).toContain(field);
    expect(await adminConfigs(type)).toHaveLength(before);
  });

  it('PUT rewrites a section; ids of the other report type are 404', async () => {
    const [week] = (await adminConfigs('rhythm')).filter((config) => config.key === 'upcoming_week');
    const response = await admin.request('PUT', `/api/v1/admin/rhythm/configs/${week?.id}`, {
      section: 'upcoming',
      horizon: 'week',
      title: '本周节律',
    });
    expect(body<AdminConfig>(response).data).toMatchObject({
      key: 'upcoming_week',
      title: '本周节律',
      description: '',
    });
    expect((await active('rhythm')).find((config) => config.key === 'upcoming_week')?.title).toBe('本周节律');
    expectError(await admin.request('GET', `/api/v1/admin/star/configs/${week?.id}`), 404, 40400);
    expectError(await admin.request('GET', `/api/v1/admin/star/configs/${randomUUID()}`), 404, 40400);
  });

  it('reads under admin.cms.read and writes under admin.cms.write', async () => {
    const reader = await newAdminWith(t, ['admin.cms.read']);
    expect((await reader.request('GET', '/api/v1/admin/rhythm/configs')).statusCode).toBe(200);
    const refused = await reader.request('POST', '/api/v1/admin/rhythm/configs', {
      key: 'x_7',
      section: 'today',
      title: 'x',
    });
    expectError(refused, 403, 40300);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/admin/star/configs' }), 401, 40101);
  });
});
