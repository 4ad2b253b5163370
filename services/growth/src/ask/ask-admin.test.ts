import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';
import { ask, countRows, newAsker } from './ask.test-support.ts';

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
interface AdminThread {
  id: string;
  user_id: string;
  message_count: number;
  last_message_at: string | null;
  messages?: { id: string; seq: number; role: string; content: string; meta: Record<string, unknown> }[];
}
interface Handoff {
  id: string;
  status: string;
  note: string | null;
  handled_by: string | null;
  closed_at: string | null;
}

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_logs')
    .select('action')
    .where('target_id', '=', targetId)
    .execute();
  return rows.map((row) => row.action);
}

describe('GET /admin/ask/threads', () => {
  it('lists sessions newest first with totals, filtered by user', async () => {
    const a = await newAsker(t);
    await ask(a.user, a.thread.id, '怎么开始跑步？');
    t.clock.advance(1000);
    const b = await newAsker(t);
    const all = body<Page<AdminThread>>(await root.request('GET', '/api/v1/admin/ask/threads?limit=2')).data;
    expect(all.items.map((thread) => thread.id)).toEqual([b.thread.id, a.thread.id]);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const mine = body<Page<AdminThread>>(
      await root.request('GET', `/api/v1/admin/ask/threads?user_id=${a.user.userId}`),
    ).data;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ id: a.thread.id, user_id: a.user.userId, message_count: 2 });
    expectError(await root.request('GET', '/api/v1/admin/ask/threads?user_id=nope'), 400, 10001);
  });

  it('shows one session with its messages and how each was handled; 404 when unknown', async () => {
    const { user, thread } = await newAsker(t);
    const sent = await ask(user, thread.id, '我的电话是13812345678，最近睡不好');
    const detail = body<AdminThread>(
      await root.request('GET', `/api/v1/admin/ask/threads/${thread.id}`),
    ).data;
    expect(detail.messages?.map((message) => [message.seq, message.role, message.content])).toEqual([
      [1, 'user', sent.user.content],
      [2, 'assistant', sent.assistant.content],
    ]);
    expect(detail.messages?.[0]?.meta).toMatchObject({ disposition: 'mask', masked: true, charged: true });
    expect(detail.messages?.[1]?.meta).toMatchObject({ reply_kind: 'answer', generator: 'rule' });
    expectError(await root.request('GET', `/api/v1/admin/ask/threads/${randomUUID()}`), 404, 40400);
  });

  it('needs admin.ask.read', async () => {
    const other = await newAdminWith(t, ['admin.crisis.read']);
    expectError(await other.request('GET', '/api/v1/admin/ask/threads'), 403, 40300);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/admin/ask/threads' }), 401, 40101);
    const reader = await newAdminWith(t, ['admin.ask.read']);
    expect((await reader.request('GET', '/api/v1/admin/ask/threads')).statusCode).toBe(200);
  });
});

describe('feedback in the console', () => {
  it('stores reviewer feedback with an allowed tag, audits it, and lists it beside user feedback', async () => {
    const { user, thread } = await newAsker(t);
    const { assistant } = await ask(user, thread.id, '怎么和室友沟通作息问题？');
    await user.request('POST', `/api/v1/ask/threads/${thread.id}/feedback`, { rating: 5, tag: '好用' });
    const reviewer = await newAdminWith(t, ['admin.ask.feedback.write', 'admin.ask.read']);
    const response = await reviewer.request('POST', `/api/v1/admin/ask/threads/${thread.id}/feedback`, {
      rating: 2,
      tag: 'off_topic',
      note: '回答偏题',
      message_id: assistant.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).data).toMatchObject({
      author: 'admin',
      admin_id: reviewer.adminId,
      user_id: null,
      rating: 2,
      tag: 'off_topic',
      message_id: assistant.id,
    });
    expect(await auditActions(thread.id)).toEqual(['ask_feedback.create']);

    const listed = body<Page<{ author: string; tag: string }>>(
      await reviewer.request('GET', `/api/v1/admin/ask/feedback?thread_id=${thread.id}`),
    ).data;
    expect(listed.total).toBe(2);
    expect(listed.items.map((item) => item.author).sort()).toEqual(['admin', 'user']);
  });

  it('refuses a free-form tag, a bad rating or a foreign message with 400, and writes nothing', async () => {
    const { thread } = await newAsker(t);
    const other = await newAsker(t);
    const { assistant } = await ask(other.user, other.thread.id, '你好');
    const url = `/api/v1/admin/ask/threads/${thread.id}/feedback`;
    const before = [await countRows(t, 'ask_feedback'), await countRows(t, 'audit_logs')];
    expectError(await root.request('POST', url, { rating: 3, tag: '很好' }), 400, 10001);
    expectError(await root.request('POST', url, { rating: 9, tag: 'helpful' }), 400, 10001);
    expectError(await root.request('POST', url, { tag: 'helpful' }), 400, 10001);
    expectError(await root.request('POST', url, { rating: 3, message_id: assistant.id }), 400, 10001);
    expect([await countRows(t, 'ask_feedback'), await countRows(t, 'audit_logs')]).toEqual(before);
    expectError(
      await root.request('POST', `/api/v1/admin/ask/threads/${randomUUID()}/feedback`, { rating: 3 }),
      404,
      40400,
    );
  });

  it('needs admin.ask.feedback.write to write', async () => {
    const { thread } = await newAsker(t);
    const reader = await newAdminWith(t, ['admin.ask.read']);
    expectError(
      await reader.request('POST', `/api/v1/admin/ask/threads/${thread.id}/feedback`, { rating: 3 }),
      403,
      40300,
    );
  });
});

describe('handoffs', () => {
  async function openHandoff(): Promise<string> {
    const { user, thread } = await newAsker(t);
    const { assistant } = await ask(user, thread.id, '我想死');
    return assistant.handoff_id ?? '';
  }

  it('lists and shows handoff cases; 404 when unknown', async () => {
    const id = await openHandoff();
    const page = body<Page<Handoff>>(
      await root.request('GET', '/api/v1/admin/ask/handoffs?status=open'),
    ).data;
    expect(page.items.map((item) => item.id)).toContain(id);
    expect(body<Handoff>(await root.request('GET', `/api/v1/admin/ask/handoffs/${id}`)).data).toMatchObject({
      id,
      status: 'open',
      reason: 'crisis',
    });
    expectError(await root.request('GET', `/api/v1/admin/ask/handoffs/${randomUUID()}`), 404, 40400);
  });

  it('moves along the allowed edges with a note, audited; refuses other moves with 400', async () => {
    const id = await openHandoff();
    const worker = await newAdminWith(t, ['admin.ask.write']);
    const url = `/api/v1/admin/ask/handoffs/${id}`;
    const taken = await worker.request('PATCH', url, { status: 'in_progress', note: '已电话联系用户' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(body<Handoff>(taken).data).toMatchObject({
      status: 'in_progress',
      note: '已电话联系用户',
      handled_by: worker.adminId,
      closed_at: null,
    });
    expect(expectError(await worker.request('PATCH', url, { status: 'in_progress' }), 400, 40000)).toContain(
      'in_progress',
    );
    expect(body<Handoff>(await worker.request('PATCH', url, { status: 'resolved' })).data.status).toBe(
      'resolved',
    );
    const closed = body<Handoff>(await worker.request('PATCH', url, { status: 'closed' })).data;
    expect(closed.closed_at).toBe(t.clock.now().toISOString());
    expect(closed.note).toBe('已电话联系用户');
    expectError(await worker.request('PATCH', url, { status: 'open' }), 400, 40000);
    expectError(await worker.request('PATCH', url, { status: 'done' }), 400, 10001);
    expect(await auditActions(id)).toEqual(['handoff.status', 'handoff.status', 'handoff.status']);
  });

  it('needs admin.ask.write to move a case', async () => {
    const id = await openHandoff();
    const reader = await newAdminWith(t, ['admin.ask.read']);
    expectError(
      await reader.request('PATCH', `/api/v1/admin/ask/handoffs/${id}`, { status: 'closed' }),
      403,
      40300,
    );
  });
});
