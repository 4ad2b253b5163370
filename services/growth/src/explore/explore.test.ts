import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  body,
  expectError,
  loginSuperAdmin,
  newAdminWith,
  newUser,
  type AdminClient,
} from '../../test/factories.ts';
import { REPORT_TARGETS } from './explore-tool-targets.ts';
import { seedExploreCatalog } from './explore.seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Tool {
  key: string;
  title: string;
  kind: string;
  target: string;
}
interface Category {
  key: string;
  title: string;
  children: { key: string; title: string; children: Tool[] }[];
}
interface AdminNode {
  id: string;
  key: string;
  parent_id: string | null;
  level: number;
  title: string;
  kind: string | null;
  target: string | null;
  sort: number;
  enabled: boolean;
}

async function catalog(): Promise<Category[]> {
  const user = await newUser(t.app);
  const response = await user.request('GET', '/api/v1/explore/catalog');
  expect(response.statusCode, response.body).toBe(200);
  return body<{ categories: Category[] }>(response).data.categories;
}

function tools(categories: Category[]): Tool[] {
  return categories.flatMap((category) => category.children.flatMap((group) => group.children));
}

async function nodes(admin: AdminClient): Promise<AdminNode[]> {
  const response = await admin.request('GET', '/api/v1/admin/explore/nodes?limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: AdminNode[] }>(response).data.items;
}

async function nodeByKey(admin: AdminClient, key: string): Promise<AdminNode> {
  const node = (await nodes(admin)).find((candidate) => candidate.key === key);
  if (!node) throw new Error(`no node ${key}`);
  return node;
}

describe('GET /explore/catalog', () => {
  it('answers a three-level catalog whose tools point at things this service serves', async () => {
    const categories = await catalog();
    expect(categories.map((category) => category.key)).toEqual(['self', 'emotion', 'relationship', 'growth']);
    for (const category of categories) {
      expect(category.title.length).toBeGreaterThan(0);
      expect(category.children.length).toBeGreaterThan(0);
      for (const group of category.children) expect(group.children.length).toBeGreaterThan(0);
    }
    const all = tools(categories);
    for (const tool of all) expect(Object.keys(tool).sort()).toEqual(['key', 'kind', 'target', 'title']);

    const user = await newUser(t.app);
    const scaleSlugs = body<{ items: { slug: string }[] }>(
      await user.request('GET', '/api/v1/scales'),
    ).data.items.map((scale) => scale.slug);
    const scaleTargets = all.filter((tool) => tool.kind === 'scale').map((tool) => tool.target);
    expect(scaleTargets.sort()).toEqual([...scaleSlugs].sort());
    expect(new Set(all.filter((tool) => tool.kind === 'report').map((tool) => tool.target))).toEqual(
      new Set(REPORT_TARGETS),
    );
    expect(new Set(all.filter((tool) => tool.kind === 'image_card').map((tool) => tool.target))).toEqual(
      new Set(['career', 'relationship', 'self', 'daily', 'emotion']),
    );
  });

  it('answers one L1 category by key, and 404 for an unknown key or a non-L1 key', async () => {
    const user = await newUser(t.app);
    const response = await user.request('GET', '/api/v1/explore/catalog/emotion');
    expect(response.statusCode).toBe(200);
    const category = body<Category>(response).data;
    expect(category.key).toBe('emotion');
    expect(tools([category]).map((tool) => tool.target)).toContain('phq9');
    expectError(await user.request('GET', '/api/v1/explore/catalog/nope'), 404, 40400);
    expectError(await user.request('GET', '/api/v1/explore/catalog/emotion-screening'), 404, 40400);
  });

  it('hides tools of a scale that is not published', async () => {
    const admin = await loginSuperAdmin(t.app);
    const scales = body<{ items: { id: string; slug: string }[] }>(
      await admin.request('GET', '/api/v1/admin/scales'),
    ).data.items;
    const phq9 = scales.find((scale) => scale.slug === 'phq9');
    await admin.request('PATCH', `/api/v1/admin/scales/${phq9?.id}`, { status: 'draft' });
    expect(tools(await catalog()).map((tool) => tool.target)).not.toContain('phq9');
  });

  it('needs a device identity', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/explore/catalog' }), 401, 40100);
  });
});

describe('catalog seed', () => {
  it('is idempotent: running it again changes nothing', async () => {
    const snapshot = () => t.db.selectFrom('explore_nodes').selectAll().orderBy('id').execute();
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(20);
    await seedExploreCatalog(t.db, '2030-01-01T00:00:00.000Z');
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin explore nodes', () => {
  it('lists every node under admin.explore.read and refuses other admins', async () => {
    const reader = await newAdminWith(t, ['admin.explore.read']);
    const response = await reader.request('GET', '/api/v1/admin/explore/nodes?limit=100');
    const data = body<{ items: AdminNode[]; total: number }>(response).data;
    expect(data.total).toBe(data.items.length);
    expect(data.items[0]).toMatchObject({ level: 1, parent_id: null, kind: null, enabled: true });
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/admin/explore/nodes' }), 401, 40101);
    const cms = await newAdminWith(t, ['admin.cms.read', 'admin.cms.write']);
    expectError(await cms.request('GET', '/api/v1/admin/explore/nodes'), 403, 40300);
    expectError(
      await reader.request('POST', '/api/v1/admin/explore/nodes', { key: 'x-y', title: 'x' }),
      403,
      40300,
    );
  });

  it('gets a node by id, 404 for an unknown id', async () => {
    const admin = await newAdminWith(t, ['admin.explore.read']);
    const self = await nodeByKey(admin, 'self');
    const response = await admin.request('GET', `/api/v1/admin/explore/nodes/${self.id}`);
    expect(body<AdminNode>(response).data).toEqual(self);
    expectError(await admin.request('GET', `/api/v1/admin/explore/nodes/${randomUUID()}`), 404, 40400);
  });

  it('creates a category, a group and a tool that users then see; every write is audited', async () => {
    const writer = await newAdminWith(t, ['admin.explore.read', 'admin.explore.write']);
    const create = async (payload: Record<string, unknown>) => {
      const response = await writer.request('POST', '/api/v1/admin/explore/nodes', payload);
      expect(response.statusCode, response.body).toBe(200);
      return body<AdminNode>(response).data;
    };
    const category = await create({ key: 'sleep', title: '睡眠' });
    expect(category).toMatchObject({ level: 1, parent_id: null, enabled: true });
    const group = await create({ key: 'sleep-checks', title: '睡眠自查', parent_id: category.id });
    expect(group.level).toBe(2);
    const tool = await create({
      key: 'tool-sleep-who5',
      title: '幸福感',
      parent_id: group.id,
      kind: 'scale',
      target: 'who5',
    });
    expect(tool).toMatchObject({ level: 3, kind: 'scale', target: 'who5' });

    const user = await newUser(t.app);
    const response = await user.request('GET', '/api/v1/explore/catalog/sleep');
    expect(body<Category>(response).data).toEqual({
      key: 'sleep',
      title: '睡眠',
      children: [
        {
          key: 'sleep-checks',
          title: '睡眠自查',
          children: [{ key: 'tool-sleep-who5', title: '幸福感', kind: 'scale', target: 'who5' }],
        },
      ],
    });
    const audits = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'explore_node')
      .orderBy('created_at')
      .execute();
    // Same clock instant for all three, so compare without order.
    const byTarget = (entries: string[][]) =>
      [...entries].sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(
      byTarget(audits.map((entry) => [entry.action, entry.target_id ?? '', entry.admin_id ?? ''])),
    ).toEqual(
      byTarget([
        ['explore_node.create', category.id, writer.adminId],
        ['explore_node.create', group.id, writer.adminId],
        ['explore_node.create', tool.id, writer.adminId],
      ]),
    );
  });

  it('refuses invalid nodes with 400 naming the field, and a taken key with 409, creating nothing', async () => {
    const admin = await loginSuperAdmin(t.app);
    const group = await nodeByKey(admin, 'emotion-screening');
    const tool = await nodeByKey(admin, 'tool-phq9');
    const countBefore = (await nodes(admin)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'body.key'],
      [{ key: 'Bad Key', title: 'x' }, 'body.key'],
      [{ key: 'no-title' }, 'body.title'],
      [{ key: 'cat-kind', title: 'x', kind: 'scale', target: 'phq9' }, 'body.kind'],
      [{ key: 'orphan', title: 'x', parent_id: randomUUID() }, 'body.parent_id'],
      [{ key: 'under-tool', title: 'x', parent_id: tool.id }, 'body.parent_id'],
      [{ key: 'no-kind', title: 'x', parent_id: group.id, target: 'phq9' }, 'body.kind'],
      [{ key: 'bad-kind', title: 'x', parent_id: group.id, kind: 'video', target: 'x' }, 'body.kind'],
      [{ key: 'no-target', title: 'x', parent_id: group.id, kind: 'scale' }, 'body.target'],
      [{ key: 'ghost-scale', title: 'x', parent_id: group.id, kind: 'scale', target: 'nope' }, 'body.target'],
      [
        { key: 'bad-report', title: 'x', parent_id: group.id, kind: 'report', target: 'fortune' },
        'body.target',
      ],
      [
        { key: 'bad-feature', title: 'x', parent_id: group.id, kind: 'feature', target: 'shop' },
        'body.target',
      ],
      [
        { key: 'bad-scene', title: 'x', parent_id: group.id, kind: 'image_card', target: 'fortune' },
        'body.target',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.request('POST', '/api/v1/admin/explore/nodes', payload);
      expect(expectError(response, 400, 10001), JSON.stringify(payload)).toContain(field);
    }
    expectError(
      await admin.request('POST', '/api/v1/admin/explore/nodes', { key: 'self', title: 'x' }),
      409,
      40900,
    );
    expect(await nodes(admin)).toHaveLength(countBefore);
  });

  it('disable hides a category (and its subtree) from users; enable brings it back', async () => {
    const admin = await loginSuperAdmin(t.app);
    const relationship = await nodeByKey(admin, 'relationship');
    const disabled = await admin.request('POST', `/api/v1/admin/explore/nodes/${relationship.id}/disable`);
    expect(body<AdminNode>(disabled).data.enabled).toBe(false);
    expect((await catalog()).map((category) => category.key)).not.toContain('relationship');
    const user = await newUser(t.app);
    expectError(await user.request('GET', '/api/v1/explore/catalog/relationship'), 404, 40400);

    await admin.request('POST', `/api/v1/admin/explore/nodes/${relationship.id}/enable`);
    expect((await catalog()).map((category) => category.key)).toContain('relationship');
    const actions = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', relationship.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual(['explore_node.disable', 'explore_node.enable']);
  });

  it('disabling a tool hides only that tool', async () => {
    const admin = await loginSuperAdmin(t.app);
    const tool = await nodeByKey(admin, 'tool-gad7');
    await admin.request('POST', `/api/v1/admin/explore/nodes/${tool.id}/disable`);
    const keys = tools(await catalog()).map((item) => item.key);
    expect(keys).not.toContain('tool-gad7');
    expect(keys).toContain('tool-phq9');
  });

  it('PUT updates title, sort and a tool target; validates and 404s like create', async () => {
    const admin = await loginSuperAdmin(t.app);
    const tool = await nodeByKey(admin, 'tool-k10');
    const response = await admin.request('PUT', `/api/v1/admin/explore/nodes/${tool.id}`, {
      title: '压力自评',
      target: 'pss10',
    });
    expect(body<AdminNode>(response).data).toMatchObject({
      title: '压力自评',
      kind: 'scale',
      target: 'pss10',
    });
    expect(tools(await catalog()).find((item) => item.key === 'tool-k10')).toEqual({
      key: 'tool-k10',
      title: '压力自评',
      kind: 'scale',
      target: 'pss10',
    });
    const bad = await admin.request('PUT', `/api/v1/admin/explore/nodes/${tool.id}`, {
      title: 'x',
      target: 'nope',
    });
    expect(expectError(bad, 400, 10001)).toContain('body.target');
    const category = await nodeByKey(admin, 'self');
    const kindOnCategory = await admin.request('PUT', `/api/v1/admin/explore/nodes/${category.id}`, {
      title: 'x',
      kind: 'scale',
    });
    expect(expectError(kindOnCategory, 400, 10001)).toContain('body.kind');
    expectError(
      await admin.request('PUT', `/api/v1/admin/explore/nodes/${randomUUID()}`, { title: 'x' }),
      404,
      40400,
    );
    const [audit] = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'explore_node.update')
      .execute();
    expect(JSON.parse(audit?.before_json ?? '{}')).toMatchObject({ target: 'k10' });
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({ target: 'pss10' });
  });
});
