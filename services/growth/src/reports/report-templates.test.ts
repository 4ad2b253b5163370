import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newAdminWith, newUser, type AdminClient } from '../../test/factories.ts';
import type { Profile } from '../profiles/profiles.mapper.ts';
import type { ReportTemplateView } from './report-templates.schemas.ts';
import type { GrowthReport } from './reports.mapper.ts';
import { SIGN_TEMPLATES } from './templates/signs.zh.ts';

let t: TestApp;
let editor: AdminClient;
let reader: AdminClient;
beforeAll(async () => {
  t = await buildTestApp();
  editor = await newAdminWith(t, ['growth.write', 'admin.explore.read']);
  reader = await newAdminWith(t, ['admin.explore.read']);
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/v1/admin/report-templates';

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_logs')
    .select('action')
    .where('target_type', '=', 'report_template')
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.action);
}

async function countTemplates(): Promise<number> {
  const row = await t.db
    .selectFrom('report_templates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function portraitSunText(): Promise<string> {
  const client = await newUser(t.app);
  const created = await client.request('POST', '/api/v1/profiles', {
    relation: 'self',
    birth_date: '1990-05-17',
  });
  const profile = body<Profile>(created).data;
  const report = await client.request('POST', '/api/v1/reports/portrait', { profile_id: profile.id });
  expect(report.statusCode, report.body).toBe(200);
  const summary = body<GrowthReport>(report).data.summary as { big_three: { sun: { text: string } } };
  return summary.big_three.sun.text;
}

describe('admin report templates', () => {
  it('overrides a built-in text, takes effect in new reports, and falls back when disabled; audited', async () => {
    expect(await portraitSunText()).toBe(SIGN_TEMPLATES['sun.taurus']);
    const created = await editor.request('POST', URL, {
      kind: 'sign',
      key: 'sun.taurus',
      body: '太阳在金牛座：运营改写的文字。',
    });
    expect(created.statusCode, created.body).toBe(200);
    const template = body<ReportTemplateView>(created).data;
    expect(template).toMatchObject({
      kind: 'sign',
      key: 'sun.taurus',
      body: '太阳在金牛座：运营改写的文字。',
      enabled: true,
      default_body: SIGN_TEMPLATES['sun.taurus'],
    });
    expect(await portraitSunText()).toBe('太阳在金牛座：运营改写的文字。');

    const updated = await editor.request('PUT', `${URL}/${template.id}`, {
      body: '第二版文字。',
      enabled: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(body<ReportTemplateView>(updated).data).toMatchObject({ body: '第二版文字。', enabled: false });
    expect(await portraitSunText()).toBe(SIGN_TEMPLATES['sun.taurus']);
    expect(await auditActions(template.id)).toEqual(['report_template.create', 'report_template.update']);

    const list = await reader.request('GET', `${URL}?kind=sign`);
    expect(list.statusCode).toBe(200);
    expect(body<{ items: ReportTemplateView[]; total: number }>(list).data).toMatchObject({
      total: 1,
      items: [{ id: template.id, body: '第二版文字。' }],
    });
    const one = await reader.request('GET', `${URL}/${template.id}`);
    expect(body<ReportTemplateView>(one).data.id).toBe(template.id);
  });

  it('refuses unknown keys, unknown placeholders and duplicates, changing nothing', async () => {
    const before = await countTemplates();
    expect(
      expectError(
        await editor.request('POST', URL, { kind: 'sign', key: 'sun.ophiuchus', body: 'x' }),
        400,
        10001,
      ),
    ).toContain('body.key');
    expect(
      expectError(
        await editor.request('POST', URL, { kind: 'cycle', key: 'jupiter_return', body: '约{date}，{mood}' }),
        400,
        10001,
      ),
    ).toContain('{mood}');
    expect(
      expectError(await editor.request('POST', URL, { kind: 'sign', key: 'sun.aries' }), 400, 10001),
    ).toContain('body.body');
    const first = await editor.request('POST', URL, {
      kind: 'cycle',
      key: 'jupiter_return',
      body: '约{date}。',
    });
    expect(first.statusCode, first.body).toBe(200);
    expectError(
      await editor.request('POST', URL, { kind: 'cycle', key: 'jupiter_return', body: '再来' }),
      409,
      40900,
    );
    expect(await countTemplates()).toBe(before + 1);
  });

  it('answers 404 for unknown ids, 403 without the permission and 401 without a session', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await reader.request('GET', `${URL}/${unknown}`), 404, 40400);
    expectError(await editor.request('PUT', `${URL}/${unknown}`, { body: 'x' }), 404, 40400);
    expectError(await reader.request('POST', URL, { kind: 'sign', key: 'sun.leo', body: 'x' }), 403, 40300);
    const noRead = await newAdminWith(t, ['growth.write']);
    expectError(await noRead.request('GET', URL), 403, 40300);
    expectError(await t.app.inject({ method: 'GET', url: URL }), 401, 40101);
  });
});
