import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';
import { HOME_TOOL_SEED, seedCmsContent } from './cms.seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

interface HomeTool {
  key: string;
  label: string;
  icon: string;
  link: string;
  sort: number;
  enabled: boolean;
}
interface AdminHomeTool extends HomeTool {
  id: string;
}

async function publicTools(): Promise<HomeTool[]> {
  // No device header: the home page content is public.
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/home/tools' });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: HomeTool[] }>(response).data.items;
}

async function adminTools(admin: AdminClient): Promise<AdminHomeTool[]> {
  const response = await admin.request('GET', '/api/v1/admin/home/tools');
  expect(response.statusCode, response.body).toBe(200);
  const data = body<{ items: AdminHomeTool[]; total: number }>(response).data;
  expect(data.total).toBe(data.items.length);
  return data.items;
}

const NEW_GRID = [
  { key: 'moods', label: '心情', icon: 'mood', link: '/moods', sort: 5 },
  { key: 'scales', label: '测评', icon: 'scale', link: '/scales', sort: 1 },
  {
    key: 'partner',
    label: '合作活动',
    icon: 'https://cdn.example.com/i.png',
    link: 'https://example.com/event',
  },
  { key: 'hidden', label: '灰度功能', icon: 'beta', link: '/beta', enabled: false },
];

describe('GET /home/tools', () => {
  it('answers the seeded enabled tools in sort order, with exactly the Home tool fields', async () => {
    const tools = await publicTools();
    expect(tools.map((tool) => tool.key)).toEqual(HOME_TOOL_SEED.map((tool) => tool.key));
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['enabled', 'icon', 'key', 'label', 'link', 'sort']);
      expect(tool.enabled).toBe(true);
    }
  });
});

describe('admin home tools', () => {
  it('reads under admin.cms.read and writes under admin.cms.write only', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/admin/home/tools' }), 401, 40101);
    const reader = await newAdminWith(t, ['admin.cms.read']);
    expect((await adminTools(reader)).length).toBe(HOME_TOOL_SEED.length);
    expectError(await reader.request('PUT', '/api/v1/admin/home/tools', { items: NEW_GRID }), 403, 40300);
    const explorer = await newAdminWith(t, ['admin.explore.read', 'admin.explore.write']);
    expectError(await explorer.request('GET', '/api/v1/admin/home/tools'), 403, 40300);
  });

  it('PUT replaces the whole grid: users see enabled tools in the new order; kept keys keep their id', async () => {
    const writer = await newAdminWith(t, ['admin.cms.read', 'admin.cms.write']);
    const before = await adminTools(writer);
    const response = await writer.request('PUT', '/api/v1/admin/home/tools', { items: NEW_GRID });
    expect(response.statusCode, response.body).toBe(200);
    const after = body<{ items: AdminHomeTool[] }>(response).data.items;
    expect(after.map((tool) => [tool.key, tool.sort, tool.enabled])).toEqual([
      ['scales', 1, true],
      ['moods', 5, true],
      ['partner', 30, true],
      ['hidden', 40, false],
    ]);
    expect(after.find((tool) => tool.key === 'moods')?.id).toBe(
      before.find((tool) => tool.key === 'moods')?.id,
    );
    expect((await publicTools()).map((tool) => tool.key)).toEqual(['scales', 'moods', 'partner']);
    expect(await adminTools(writer)).toEqual(after);

    const [audit] = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'home_tools.replace')
      .execute();
    expect(audit?.admin_id).toBe(writer.adminId);
    expect(JSON.parse(audit?.before_json ?? '[]')).toHaveLength(HOME_TOOL_SEED.length);
    expect(JSON.parse(audit?.after_json ?? '[]')).toHaveLength(NEW_GRID.length);
  });

  it('PUT with an empty list empties the grid', async () => {
    const admin = await loginSuperAdmin(t.app);
    expect((await admin.request('PUT', '/api/v1/admin/home/tools', { items: [] })).statusCode).toBe(200);
    expect(await publicTools()).toEqual([]);
  });

  it.each([
    ['items missing', {}, 'body.items'],
    [
      'a duplicate key',
      { items: [NEW_GRID[0], NEW_GRID[1], { ...NEW_GRID[2], key: 'moods' }] },
      'body.items[2].key',
    ],
    [
      'a javascript: link',
      { items: [{ ...NEW_GRID[0], link: 'javascript:alert(1)' }] },
      'body.items[0].link',
    ],
    [
      'a plain http link',
      { items: [NEW_GRID[0], { ...NEW_GRID[1], link: 'http://example.com' }] },
      'body.items[1].link',
    ],
    [
      'a protocol-relative link',
      { items: [{ ...NEW_GRID[0], link: '//evil.example.com' }] },
      'body.items[0].link',
    ],
    ['an invalid icon', { items: [{ ...NEW_GRID[0], icon: 'Not An Icon' }] }, 'body.items[0].icon'],
    ['a missing label', { items: [{ key: 'x', icon: 'x', link: '/x' }] }, 'body.items[0].label'],
    ['an invalid key', { items: [{ ...NEW_GRID[0], key: 'Bad Key' }] }, 'body.items[0].key'],
    [
      'more than 50 items',
      {
        items: Array.from({ length: 51 }, (_, index) => ({
          key: `k${index}`,
          label: 'x',
          icon: 'x',
          link: '/x',
        })),
      },
      'body.items',
    ],
  ])('PUT refuses %s with 400 naming the field and changes nothing', async (_case, payload, field) => {
    const admin = await loginSuperAdmin(t.app);
    const before = await adminTools(admin);
    const response = await admin.request('PUT', '/api/v1/admin/home/tools', payload);
    expect(expectError(response, 400, 10001)).toContain(field);
    expect(await adminTools(admin)).toEqual(before);
  });
});

describe('CMS seed', () => {
  it('is idempotent: running it again changes nothing', async () => {
    const snapshot = async () => ({
      tools: await t.db.selectFrom('home_tools').selectAll().orderBy('id').execute(),
      banners: await t.db.selectFrom('cms_banners').selectAll().orderBy('id').execute(),
      slots: await t.db.selectFrom('cms_feed_slots').selectAll().orderBy('id').execute(),
      configs: await t.db.selectFrom('report_page_configs').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    expect(before.tools.length).toBeGreaterThan(0);
    expect(before.configs.length).toBeGreaterThan(0);
    await seedCmsContent(t.db, '2030-01-01T00:00:00.000Z');
    expect(await snapshot()).toEqual(before);
  });
});
