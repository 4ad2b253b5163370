import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';
import { ask, countRows, newAsker } from '../ask/ask.test-support.ts';
import { SEED_KNOWLEDGE_CHUNKS } from '../ask/reply-engine/seed/knowledge-seed.ts';
import { SEED_KNOWLEDGE_SOURCES } from '../ask/reply-engine/seed/knowledge-sources.ts';
import { SEED_SYSTEM_PROMPTS } from '../ask/reply-engine/seed/system-prompts.ts';
import { SEED_AI_TOOLS } from './ai-tools.seed.ts';

let t: TestApp;
let root: AdminClient;
beforeAll(async () => {
  t = await buildTestApp();
  root = await loginSuperAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

interface Page<T> {
  items: T[];
  total: number;
}
interface Prompt {
  id: string;
  scene: string;
  name: string;
  template: string;
  enabled: boolean;
}
interface Source {
  id: string;
  name: string;
  enabled: boolean;
}
interface Tool {
  id: string;
  name: string;
  parameters: Record<string, unknown>;
  enabled: boolean;
}

const PROMPTS = '/api/v1/admin/ai/system-prompts';
const SOURCES = '/api/v1/admin/ai/knowledge-sources';
const CHUNKS = '/api/v1/admin/ai/knowledge-chunks';
const TOOLS = '/api/v1/admin/ai/tools';

async function list<T>(url: string): Promise<Page<T>> {
  const response = await root.request('GET', `${url}?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return body<Page<T>>(response).data;
}

describe('catalog reads', () => {
  it('serves the seeded prompts, sources, chunks and tools with totals, and 404 for unknown ids', async () => {
    expect((await list<Prompt>(PROMPTS)).total).toBe(SEED_SYSTEM_PROMPTS.length);
    expect((await list<Source>(SOURCES)).total).toBe(SEED_KNOWLEDGE_SOURCES.length);
    expect((await list(CHUNKS)).total).toBe(SEED_KNOWLEDGE_CHUNKS.length);
    const tools = await list<Tool>(TOOLS);
    expect(tools.items.map((tool) => tool.name).sort()).toEqual(
      SEED_AI_TOOLS.map((tool) => tool.name).sort(),
    );
    expect(tools.items.find((tool) => tool.name === 'get_chart_facts')?.parameters).toMatchObject({
      type: 'object',
    });
    for (const url of [PROMPTS, SOURCES, CHUNKS, TOOLS]) {
      expectError(await root.request('GET', `${url}/${randomUUID()}`), 404, 40400);
    }
  });

  it('needs admin.ai_config.read to read and .write to write', async () => {
    const reader = await newAdminWith(t, ['admin.ai_config.read']);
    expect((await reader.request('GET', TOOLS)).statusCode).toBe(200);
    expectError(await reader.request('POST', SOURCES, { name: '新来源' }), 403, 40300);
    const stranger = await newAdminWith(t, ['admin.ask.read']);
    expectError(await stranger.request('GET', PROMPTS), 403, 40300);
  });
});

describe('system prompts', () => {
  it('a new enabled prompt takes over its scene: the next reply uses its opening line', async () => {
    const before = (await list<Prompt>(PROMPTS)).items.find((prompt) => prompt.scene === 'career');
    const created = await root.request('POST', PROMPTS, {
      scene: 'career',
      name: '职业场景（新版）',
      template:
        '你是务实的职业教练，陪{{display_name}}聊{{scene_label}}。\n开场：{{display_name}}，职业教练在线，我们一步一步来。',
    });
    expect(created.statusCode, created.body).toBe(200);
    const prompt = body<Prompt>(created).data;
    expect(prompt.enabled).toBe(true);
    // The scene's previous prompt was disabled in the same change.
    expect(body<Prompt>(await root.request('GET', `${PROMPTS}/${before?.id}`)).data.enabled).toBe(false);

    const { user, thread } = await newAsker(t, 'career');
    const { assistant } = await ask(user, thread.id, '要不要辞职去读研？');
    expect(assistant.content.startsWith('小林，职业教练在线，我们一步一步来。')).toBe(true);

    // Re-enabling the old prompt switches the voice back on the next message.
    await root.request('POST', `${PROMPTS}/${before?.id}/enable`);
    expect(body<Prompt>(await root.request('GET', `${PROMPTS}/${prompt.id}`)).data.enabled).toBe(false);
    const again = await ask(user, thread.id, '要不要辞职去读研？');
    expect(again.assistant.content).not.toContain('职业教练在线');
  });

  it('refuses unknown placeholders and blank templates with 400, writing nothing', async () => {
    const before = await countRows(t, 'audit_logs');
    const message = expectError(
      await root.request('POST', PROMPTS, { scene: 'life', name: '坏', template: '你好 {{user_name}}' }),
      400,
      10001,
    );
    expect(message).toContain('{{user_name}}');
    expectError(
      await root.request('POST', PROMPTS, { scene: 'life', name: '坏', template: '   ' }),
      400,
      10001,
    );
    expectError(
      await root.request('POST', PROMPTS, { scene: 'work', name: '坏', template: '你好' }),
      400,
      10001,
    );
    expect(await countRows(t, 'audit_logs')).toBe(before);
  });
});

describe('knowledge', () => {
  it('refuses a chunk of an unknown source', async () => {
    const message = expectError(
      await root.request('POST', CHUNKS, {
        source_id: randomUUID(),
        scene: 'life',
        title: '标题',
        content: '内容',
      }),
      400,
      10001,
    );
    expect(message).toContain('source_id');
  });

  it('updates a chunk, and disabling its source takes its chunks out of replies', async () => {
    const sources = (await list<Source>(SOURCES)).items;
    const source = body<Source>(
      await root.request('POST', SOURCES, { name: '手作与爱好', description: '编织' }),
    ).data;
    expect(sources.map((item) => item.id)).not.toContain(source.id);
    const chunk = body<{ id: string; tags: string[] }>(
      await root.request('POST', CHUNKS, {
        source_id: source.id,
        scene: 'life',
        title: '钩针编织怎么入门',
        content: '钩针编织入门先学锁针和短针，选一根 4 毫米的钩针和浅色粗毛线，第一件作品织一块杯垫就好。',
        tags: ['钩针', '编织', '钩针', ' 毛线 '],
      }),
    ).data;
    expect(chunk.tags).toEqual(['钩针', '编织', '毛线']);
    const updated = await root.request('PUT', `${CHUNKS}/${chunk.id}`, {
      tags: ['钩针', '编织', '毛线', '杯垫'],
    });
    expect(body<{ tags: string[] }>(updated).data.tags).toContain('杯垫');

    const { user, thread } = await newAsker(t, 'life');
    const question = '想学钩针编织，第一件作品织什么好？';
    expect((await ask(user, thread.id, question)).assistant.citations[0]?.chunk_id).toBe(chunk.id);
    await root.request('POST', `${SOURCES}/${source.id}/disable`);
    const after = await ask(user, thread.id, question);
    expect(after.assistant.citations.map((citation) => citation.chunk_id)).not.toContain(chunk.id);
  });
});

describe('tools', () => {
  const parameters = {
    type: 'object',
    properties: { days: { type: 'integer', minimum: 1, maximum: 30 } },
    required: ['days'],
  };

  it('creates, updates and disables a tool definition, audited; a taken name is 409', async () => {
    const created = await root.request('POST', TOOLS, {
      name: 'get_plan_progress',
      description: '读取用户成长计划的打卡进度。',
      parameters,
    });
    expect(created.statusCode, created.body).toBe(200);
    const tool = body<Tool>(created).data;
    expect(tool).toMatchObject({ name: 'get_plan_progress', parameters, enabled: true });
    expect(body<Tool>(await root.request('POST', `${TOOLS}/${tool.id}/disable`)).data.enabled).toBe(false);
    expectError(
      await root.request('POST', TOOLS, { name: 'get_chart_facts', description: '重复', parameters }),
      409,
      40900,
    );
    expectError(await root.request('PUT', `${TOOLS}/${tool.id}`, { name: 'get_solar_term' }), 409, 40900);
    const rows = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_id', '=', tool.id)
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['ai_tool.create', 'ai_tool.disable']);
  });

  it('refuses parameters that are not an object schema, and names that are not snake_case', async () => {
    expectError(
      await root.request('POST', TOOLS, {
        name: 'bad_tool',
        description: 'x',
        parameters: { type: 'string' },
      }),
      400,
      10001,
    );
    expectError(
      await root.request('POST', TOOLS, {
        name: 'bad_tool',
        description: 'x',
        parameters: { type: 'object', required: 'days' },
      }),
      400,
      10001,
    );
    expectError(
      await root.request('POST', TOOLS, { name: 'Bad-Tool', description: 'x', parameters }),
      400,
      10001,
    );
  });
});

describe('audited row changes across the console catalogs', () => {
  const catalogs = [
    {
      url: SOURCES,
      create: { name: '园艺', description: '阳台种菜' },
      update: { description: '阳台种菜与多肉' },
      target: 'knowledge_source',
      catalog: 'knowledge',
    },
    {
      url: TOOLS,
      create: { name: 'get_garden_tips', description: '园艺建议。', parameters: { type: 'object' } },
      update: { description: '阳台园艺建议。' },
      target: 'ai_tool',
      catalog: 'tools',
    },
    {
      url: '/api/v1/admin/content-safety/filter-rules',
      create: { pattern: '园艺违禁词', kind: 'keyword', category: 'spam', severity: 2 },
      update: { severity: 3 },
      target: 'filter_rule',
      catalog: 'safety',
    },
    {
      url: '/api/v1/admin/content-safety/block-policies',
      create: {
        name: '园艺拦截',
        category: 'spam',
        min_severity: 3,
        action: 'refuse',
        safe_reply: '换个话题吧',
      },
      update: { priority: 7 },
      target: 'block_policy',
      catalog: 'safety',
    },
    {
      url: '/api/v1/admin/crisis/policies',
      create: { name: '园艺绝望', tier: 'ideation', cues: ['种什么都死了不想活'] },
      update: { name: '园艺绝望（改）' },
      target: 'crisis_policy',
      catalog: 'safety',
    },
  ];

  it.each(catalogs)(
    '$target: update, disable and enable are audited with before and after, bump the catalog, and 404 when unknown',
    async ({ url, create, update, target, catalog }) => {
      const version = async () =>
        Number(
          (
            await t.db
              .selectFrom('ask_catalog_versions')
              .select('version')
              .where('catalog', '=', catalog as 'knowledge')
              .executeTakeFirst()
          )?.version ?? 0,
        );
      const created = await root.request('POST', url, create);
      expect(created.statusCode, created.body).toBe(200);
      const id = body<{ id: string }>(created).data.id;
      const versionBefore = await version();
      // Audit rows are ordered by time: each change a second after the last.
      t.clock.advance(1000);
      const updated = await root.request('PUT', `${url}/${id}`, update);
      expect(updated.statusCode, updated.body).toBe(200);
      expect(body(updated).data).toMatchObject(update);
      t.clock.advance(1000);
      expect(
        body<{ enabled: boolean }>(await root.request('POST', `${url}/${id}/disable`)).data.enabled,
      ).toBe(false);
      t.clock.advance(1000);
      expect(body<{ enabled: boolean }>(await root.request('POST', `${url}/${id}/enable`)).data.enabled).toBe(
        true,
      );
      expect(await version()).toBe(versionBefore + 3);
      const rows = await t.db
        .selectFrom('audit_logs')
        .select(['action', 'target_type', 'before_json', 'after_json'])
        .where('target_id', '=', id)
        .orderBy('created_at')
        .execute();
      expect(rows.map((row) => row.action)).toEqual([
        `${target}.create`,
        `${target}.update`,
        `${target}.disable`,
        `${target}.enable`,
      ]);
      expect(rows.every((row) => row.target_type === target)).toBe(true);
      const disable = rows[2];
      expect(JSON.parse(disable?.before_json ?? 'null')).toMatchObject({ id, enabled: true });
      expect(JSON.parse(disable?.after_json ?? 'null')).toMatchObject({ id, enabled: false });
      const unknown = randomUUID();
      expectError(await root.request('PUT', `${url}/${unknown}`, update), 404, 40400);
      expectError(await root.request('POST', `${url}/${unknown}/disable`), 404, 40400);
      expect(await version()).toBe(versionBefore + 3);
    },
  );
});
