import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';
import { ask, countRows, newAsker } from '../ask/ask.test-support.ts';
import { SEED_BLOCK_POLICIES } from './seed/block-policies.seed.ts';
import { SEED_FILTER_RULES } from './seed/filter-rules.seed.ts';

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
interface Rule {
  id: string;
  pattern: string;
  kind: string;
  category: string;
  severity: number;
  note: string | null;
  enabled: boolean;
}
interface Evaluation {
  normalized: string;
  disposition: string;
  matches: { rule_id: string; category: string; matched_text: string }[];
  outcome: { action: string; masked_text: string | null; safe_reply: string | null };
  crisis: { is_crisis: boolean; tier: string; matched_cues: { stance: string }[] };
}

const RULES = '/api/v1/admin/content-safety/filter-rules';
const POLICIES = '/api/v1/admin/content-safety/block-policies';

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_logs')
    .select('action')
    .where('target_id', '=', targetId)
    .execute();
  return rows.map((row) => row.action);
}

describe('filter rules', () => {
  it('lists the seeded rules with their total, pages through them, and shows one by id', async () => {
    const first = body<Page<Rule>>(await root.request('GET', `${RULES}?limit=100`)).data;
    expect(first.total).toBe(SEED_FILTER_RULES.length);
    expect(first.items).toHaveLength(100);
    const last = body<Page<Rule>>(await root.request('GET', `${RULES}?limit=100&offset=200`)).data;
    expect(last.items).toHaveLength(SEED_FILTER_RULES.length - 200);
    const rule = first.items[0];
    expect(body<Rule>(await root.request('GET', `${RULES}/${rule?.id}`)).data).toEqual(rule);
    expectError(await root.request('GET', `${RULES}/${randomUUID()}`), 404, 40400);
    expectError(await root.request('GET', `${RULES}?limit=101`), 400, 10001);
  });

  it('creates, updates, disables and enables a rule, each write audited', async () => {
    const created = await root.request('POST', RULES, {
      pattern: '代写论文',
      kind: 'keyword',
      category: 'fraud',
      severity: 3,
      note: '学术不端广告',
    });
    expect(created.statusCode, created.body).toBe(200);
    const rule = body<Rule>(created).data;
    expect(rule).toMatchObject({
      pattern: '代写论文',
      kind: 'keyword',
      category: 'fraud',
      severity: 3,
      enabled: true,
    });
    const updated = body<Rule>(await root.request('PUT', `${RULES}/${rule.id}`, { severity: 2 })).data;
    expect(updated).toMatchObject({ severity: 2, pattern: '代写论文', note: '学术不端广告' });
    expect(body<Rule>(await root.request('POST', `${RULES}/${rule.id}/disable`)).data.enabled).toBe(false);
    expect(body<Rule>(await root.request('POST', `${RULES}/${rule.id}/enable`)).data.enabled).toBe(true);
    expect(await auditActions(rule.id)).toEqual([
      'filter_rule.create',
      'filter_rule.update',
      'filter_rule.disable',
      'filter_rule.enable',
    ]);
  });

  it.each([
    ['an invalid regex', { pattern: '(abc', kind: 'regex' }, 'invalid regex'],
    ['a regex with nested quantifiers', { pattern: '(a+)+b', kind: 'regex' }, 'nested quantifier'],
    ['a repeated group that repeats inside', { pattern: '(.*a){20}', kind: 'regex' }, 'nested quantifier'],
    ['a repeated alternation', { pattern: '(a|aa)+$', kind: 'regex' }, 'alternation under a quantifier'],
    ['adjacent quantifiers over one set', { pattern: '\\w*\\w*$', kind: 'regex' }, 'can trade characters'],
    ['a regex matching the empty string', { pattern: 'a*', kind: 'regex' }, 'empty string'],
    [
      'a keyword that is only punctuation',
      { pattern: '！！！', kind: 'keyword' },
      'empty after normalisation',
    ],
  ])(
    'refuses %s with 400 naming the pattern and the reason, writing nothing',
    async (_label, rule, reason) => {
      const before = await countRows(t, 'audit_logs');
      const message = expectError(
        await root.request('POST', RULES, { ...rule, category: 'spam', severity: 2 }),
        400,
        10001,
      );
      expect(message).toContain(rule.pattern);
      expect(message).toContain(reason);
      expect(await countRows(t, 'audit_logs')).toBe(before);
    },
  );

  it('refuses an update that would make the rule invalid', async () => {
    const rule = body<Rule>(
      await root.request('POST', RULES, {
        pattern: '\\d{6}abc',
        kind: 'regex',
        category: 'spam',
        severity: 1,
      }),
    ).data;
    expectError(await root.request('PUT', `${RULES}/${rule.id}`, { pattern: '[abc' }), 400, 10001);
    expect(body<Rule>(await root.request('GET', `${RULES}/${rule.id}`)).data.pattern).toBe('\\d{6}abc');
  });

  it('needs admin.content_safety.write to write and .read to read', async () => {
    const reader = await newAdminWith(t, ['admin.content_safety.read']);
    expect((await reader.request('GET', RULES)).statusCode).toBe(200);
    expectError(
      await reader.request('POST', RULES, { pattern: 'x', kind: 'keyword', category: 'spam', severity: 1 }),
      403,
      40300,
    );
    const stranger = await newAdminWith(t, ['admin.ask.read']);
    expectError(await stranger.request('GET', RULES), 403, 40300);
  });
});

describe('block policies', () => {
  it('lists the seeded policies and creates one', async () => {
    const page = body<Page<{ id: string }>>(await root.request('GET', POLICIES)).data;
    expect(page.total).toBe(SEED_BLOCK_POLICIES.length);
    const created = await root.request('POST', POLICIES, {
      name: '垃圾广告遮盖',
      category: 'spam',
      min_severity: 1,
      action: 'mask',
      priority: 5,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(body(created).data).toMatchObject({ action: 'mask', safe_reply: '', enabled: true, priority: 5 });
  });

  it('refuses a refusing policy without a safe reply, and a bad category', async () => {
    const refuse = { name: '拒绝', category: 'spam', min_severity: 1, action: 'refuse' };
    expect(expectError(await root.request('POST', POLICIES, refuse), 400, 10001)).toContain('safe_reply');
    expectError(
      await root.request('POST', POLICIES, { ...refuse, category: 'Spam!', safe_reply: '不行' }),
      400,
      10001,
    );
    const mask = body<{ id: string }>(
      await root.request('POST', POLICIES, { ...refuse, action: 'mask', name: '遮盖' }),
    ).data;
    expectError(await root.request('PUT', `${POLICIES}/${mask.id}`, { action: 'refuse' }), 400, 10001);
  });

  it('a policy change applies to the next message: a refusing catch-all replaces masking', async () => {
    const { user, thread } = await newAsker(t);
    expect((await ask(user, thread.id, '有人骂我是傻逼，我很难过')).assistant.reply_kind).toBe('answer');
    const policy = body<{ id: string }>(
      await root.request('POST', POLICIES, {
        name: '辱骂一律拒绝',
        category: 'abuse',
        min_severity: 1,
        action: 'refuse',
        safe_reply: '我们换一种不伤人的说法聊聊吧。',
        priority: 50,
      }),
    ).data;
    const refused = await ask(user, thread.id, '有人骂我是傻逼，我很难过');
    expect(refused.assistant).toMatchObject({
      reply_kind: 'safe_refusal',
      content: '我们换一种不伤人的说法聊聊吧。',
    });
    await root.request('POST', `${POLICIES}/${policy.id}/disable`);
    expect((await ask(user, thread.id, '有人骂我是傻逼，我很难过')).assistant.reply_kind).toBe('answer');
  });
});

describe('moderation cases', () => {
  it('lists cases by status, shows one, and moves it along review edges with an audit entry', async () => {
    const { user, thread } = await newAsker(t);
    const sent = await ask(user, thread.id, '怎么制作炸弹');
    const page = body<
      Page<{ id: string; message_id: string; matches: { category: string }[]; status: string }>
    >(
      await root.request('GET', `/api/v1/admin/content-safety/cases?status=open&thread_id=${thread.id}`),
    ).data;
    expect(page.total).toBe(1);
    const found = page.items[0];
    expect(found).toMatchObject({ message_id: sent.user.id, status: 'open' });
    expect(found?.matches[0]?.category).toBe('violence');
    const url = `/api/v1/admin/content-safety/cases/${found?.id}`;
    expect(body(await root.request('GET', url)).data).toMatchObject({ id: found?.id, disposition: 'refuse' });

    const reviewer = await newAdminWith(t, ['admin.content_safety.write']);
    const reviewed = await reviewer.request('PATCH', url, { status: 'confirmed', note: '拒绝正确' });
    expect(body(reviewed).data).toMatchObject({
      status: 'confirmed',
      review_note: '拒绝正确',
      reviewed_by: reviewer.adminId,
    });
    expectError(await reviewer.request('PATCH', url, { status: 'dismissed' }), 400, 40000);
    expect(body(await reviewer.request('PATCH', url, { status: 'open' })).data).toMatchObject({
      status: 'open',
    });
    expect(await auditActions(found?.id ?? '')).toEqual(['moderation_case.review', 'moderation_case.review']);
    expectError(await root.request('GET', `/api/v1/admin/content-safety/cases/${randomUUID()}`), 404, 40400);
  });
});

describe('POST /admin/content-safety/evaluate', () => {
  it('previews exactly what the live pipeline decides, and writes nothing', async () => {
    const before = await Promise.all(
      (['moderation_cases', 'crisis_events', 'audit_logs', 'ask_messages'] as const).map((table) =>
        countRows(t, table),
      ),
    );
    const reader = await newAdminWith(t, ['admin.content_safety.read']);
    const afterAdmin = await countRows(t, 'audit_logs');
    const url = '/api/v1/admin/content-safety/evaluate';
    const masked = body<Evaluation>(
      await reader.request('POST', url, { text: '我的电话是 138-1234-5678' }),
    ).data;
    expect(masked).toMatchObject({
      normalized: '我的电话是13812345678',
      disposition: 'mask',
      outcome: { action: 'mask', masked_text: '我的电话是 ＊＊＊＊＊＊＊＊＊＊＊＊＊' },
    });
    expect(masked.matches[0]).toMatchObject({ category: 'privacy', matched_text: '138-1234-5678' });
    const crisis = body<Evaluation>(await reader.request('POST', url, { text: '我想自*杀' })).data;
    expect(crisis.disposition).toBe('crisis');
    expect(crisis.crisis).toMatchObject({ is_crisis: true, tier: 'ideation' });
    const refused = body<Evaluation>(await reader.request('POST', url, { text: '怎么制作炸弹' })).data;
    expect(refused.outcome.safe_reply).toContain('没办法提供帮助');
    const after = await Promise.all(
      (['moderation_cases', 'crisis_events', 'audit_logs', 'ask_messages'] as const).map((table) =>
        countRows(t, table),
      ),
    );
    expect(after).toEqual([before[0], before[1], afterAdmin, before[3]]);
    expectError(await reader.request('POST', url, {}), 400, 10001);
  });

  it('needs admin.content_safety.read', async () => {
    const other = await newAdminWith(t, ['admin.crisis.read']);
    expectError(
      await other.request('POST', '/api/v1/admin/content-safety/evaluate', { text: 'x' }),
      403,
      40300,
    );
  });
});
