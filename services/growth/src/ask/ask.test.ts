import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser } from '../../test/factories.ts';
import type { AskMessage, AskThread } from './ask.schemas.ts';
import { ask, countRows, newAsker, newProfile, openThread, sendMessage } from './ask.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /ask/threads', () => {
  it('creates a thread bound to one of the caller’s profiles', async () => {
    const user = await newUser(t.app);
    const profileId = await newProfile(user);
    const response = await user.request('POST', '/api/v1/ask/threads', {
      profile_id: profileId,
      scene: 'career',
    });
    expect(response.statusCode, response.body).toBe(200);
    const thread = body<AskThread>(response).data;
    expect(thread).toEqual({
      id: expect.any(String),
      user_id: user.userId,
      profile_id: profileId,
      scene: 'career',
      created_at: t.clock.now().toISOString(),
    });
  });

  it('takes no scene or a null scene', async () => {
    const user = await newUser(t.app);
    const profileId = await newProfile(user);
    const withoutScene = await user.request('POST', '/api/v1/ask/threads', { profile_id: profileId });
    expect(body<AskThread>(withoutScene).data.scene).toBeNull();
    expect((await openThread(user, profileId, null)).scene).toBeNull();
  });

  it('answers 404 for another account’s profile or an unknown one, and creates nothing', async () => {
    const owner = await newUser(t.app);
    const profileId = await newProfile(owner);
    const stranger = await newUser(t.app);
    const before = await countRows(t, 'ask_threads');
    expectError(await stranger.request('POST', '/api/v1/ask/threads', { profile_id: profileId }), 404, 40400);
    expectError(
      await stranger.request('POST', '/api/v1/ask/threads', { profile_id: randomUUID() }),
      404,
      40400,
    );
    expect(await countRows(t, 'ask_threads')).toBe(before);
  });

  it('validates the body, naming the field', async () => {
    const user = await newUser(t.app);
    const profileId = await newProfile(user);
    const missing = expectError(await user.request('POST', '/api/v1/ask/threads', {}), 400, 10001);
    expect(missing).toContain('profile_id');
    const badScene = expectError(
      await user.request('POST', '/api/v1/ask/threads', { profile_id: profileId, scene: 'money' }),
      400,
      10001,
    );
    expect(badScene).toContain('scene');
  });

  it('needs a device identity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ask/threads',
      payload: { profile_id: randomUUID() },
    });
    expectError(response, 401, 40100);
  });
});

describe('GET /ask/threads', () => {
  it('lists only the caller’s threads, newest first', async () => {
    const user = await newUser(t.app);
    const profileId = await newProfile(user);
    const first = await openThread(user, profileId, 'self');
    t.clock.advance(1000);
    const second = await openThread(user, profileId, 'life');
    const other = await newAsker(t);
    const response = await user.request('GET', '/api/v1/ask/threads');
    expect(response.statusCode).toBe(200);
    const items = body<{ items: AskThread[] }>(response).data.items;
    expect(items.map((thread) => thread.id)).toEqual([second.id, first.id]);
    expect(items.map((thread) => thread.id)).not.toContain(other.thread.id);
  });
});

describe('POST /ask/threads/{id}/messages', () => {
  it('answers with the stored user message, the assistant reply with citations, and the quota', async () => {
    const { user, thread } = await newAsker(t, 'emotion');
    const response = await sendMessage(user, thread.id, '  最近总是失眠，晚上睡不着怎么办？  ');
    expect(response.statusCode, response.body).toBe(200);
    const data = body<{ user: AskMessage; assistant: AskMessage; quota: Record<string, unknown> }>(
      response,
    ).data;
    expect(data.user).toMatchObject({
      thread_id: thread.id,
      role: 'user',
      content: '最近总是失眠，晚上睡不着怎么办？',
      citations: [],
      reply_kind: null,
    });
    expect(data.assistant).toMatchObject({ thread_id: thread.id, role: 'assistant', reply_kind: 'answer' });
    expect(data.assistant.content.length).toBeGreaterThan(100);
    expect(data.assistant.citations.length).toBeGreaterThan(0);
    expect(data.assistant.citations.map((citation) => citation.title).join('')).toMatch(/睡/);
    expect(data.quota).toEqual({ active_membership: false, remaining: 4, free_limit: 5, source: 'free' });
  });

  it('keeps the history in order, oldest first, with user and assistant alternating', async () => {
    const { user, thread } = await newAsker(t, 'career');
    const questions = ['我在考虑要不要换工作', '那怎么办呢', '谢谢你'];
    for (const question of questions) await ask(user, thread.id, question);
    const response = await user.request('GET', `/api/v1/ask/threads/${thread.id}/messages`);
    expect(response.statusCode).toBe(200);
    const items = body<{ items: AskMessage[] }>(response).data.items;
    expect(items.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(items.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(
      questions,
    );
    expect(items.find((message) => message.role === 'assistant')?.citations.length).toBeGreaterThan(0);
  });

  it('brings in chart facts of the thread’s profile for questions about oneself', async () => {
    const { user, thread } = await newAsker(t, 'self');
    const { assistant } = await ask(user, thread.id, '从星盘看，我是一个什么样的人？');
    // Born 1992-03-18 08:30 in Hangzhou: sun in Pisces.
    expect(assistant.content).toContain('双鱼座');
  });

  it('refuses content that is blank after trimming or longer than 2000 characters, storing nothing', async () => {
    const { user, thread } = await newAsker(t);
    const before = await countRows(t, 'ask_messages');
    expect(expectError(await sendMessage(user, thread.id, '   \n '), 400, 10001)).toContain('body.content');
    expectError(await sendMessage(user, thread.id, '好'.repeat(2001)), 400, 10001);
    expectError(await user.request('POST', `/api/v1/ask/threads/${thread.id}/messages`, {}), 400, 10001);
    expect(await countRows(t, 'ask_messages')).toBe(before);
    // 2000 characters plus surrounding white space is accepted.
    expect((await sendMessage(user, thread.id, ` ${'好'.repeat(2000)} `)).statusCode).toBe(200);
  });

  it('answers 404 for another account’s thread and spends nothing', async () => {
    const { thread } = await newAsker(t);
    const stranger = await newUser(t.app);
    const before = await countRows(t, 'ask_messages');
    expectError(await sendMessage(stranger, thread.id, '你好'), 404, 40400);
    expectError(await sendMessage(stranger, randomUUID(), '你好'), 404, 40400);
    expectError(await stranger.request('GET', `/api/v1/ask/threads/${thread.id}/messages`), 404, 40400);
    expect(await countRows(t, 'ask_messages')).toBe(before);
    const quota = body<{ remaining: number }>(await stranger.request('GET', '/api/v1/ask/quota')).data;
    expect(quota.remaining).toBe(5);
  });

  it('stores messages once: the console shows exactly what was sent, with the reply’s provenance', async () => {
    const { user, thread } = await newAsker(t, 'relation');
    const sent = await ask(user, thread.id, '和男朋友吵架之后总是冷战，怎么沟通比较好？');
    const rows = await t.db
      .selectFrom('ask_messages')
      .selectAll()
      .where('thread_id', '=', thread.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => [row.seq, row.role, row.content])).toEqual([
      [1, 'user', sent.user.content],
      [2, 'assistant', sent.assistant.content],
    ]);
    const meta = JSON.parse(rows[1]?.meta_json ?? '{}') as Record<string, unknown>;
    expect(meta).toMatchObject({ reply_kind: 'answer', generator: 'rule', in_reply_to: sent.user.id });
    expect(meta.citations).toEqual(sent.assistant.citations);
  });
});

describe('GET /ask/quota', () => {
  it('answers the free quota of a new account', async () => {
    const user = await newUser(t.app);
    const response = await user.request('GET', '/api/v1/ask/quota');
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toEqual({
      active_membership: false,
      remaining: 5,
      free_limit: 5,
      source: 'free',
    });
  });
});

describe('POST /ask/threads/{id}/feedback', () => {
  it('stores the feedback with any tag and answers it', async () => {
    const { user, thread } = await newAsker(t);
    const { assistant } = await ask(user, thread.id, '怎么才能不拖延？');
    const response = await user.request('POST', `/api/v1/ask/threads/${thread.id}/feedback`, {
      rating: 4,
      tag: '很有启发',
      note: '第二条建议很实用',
      message_id: assistant.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).data).toEqual({
      id: expect.any(String),
      thread_id: thread.id,
      message_id: assistant.id,
      author: 'user',
      user_id: user.userId,
      admin_id: null,
      rating: 4,
      tag: '很有启发',
      note: '第二条建议很实用',
      created_at: t.clock.now().toISOString(),
    });
  });

  it('takes a rating alone', async () => {
    const { user, thread } = await newAsker(t);
    const response = await user.request('POST', `/api/v1/ask/threads/${thread.id}/feedback`, { rating: 1 });
    expect(body(response).data).toMatchObject({ rating: 1, tag: null, note: null, message_id: null });
  });

  it('refuses invalid feedback with 400 and stores nothing', async () => {
    const { user, thread } = await newAsker(t);
    const other = await newAsker(t);
    const { assistant } = await ask(other.user, other.thread.id, '你好');
    const before = await countRows(t, 'ask_feedback');
    const url = `/api/v1/ask/threads/${thread.id}/feedback`;
    expectError(await user.request('POST', url, {}), 400, 10001);
    expectError(await user.request('POST', url, { rating: 0 }), 400, 10001);
    expectError(await user.request('POST', url, { rating: 6 }), 400, 10001);
    expectError(await user.request('POST', url, { rating: 3, tag: 'x'.repeat(65) }), 400, 10001);
    expectError(await user.request('POST', url, { rating: 3, note: '长'.repeat(501) }), 400, 10001);
    expectError(await user.request('POST', url, { rating: 3, message_id: 'not-a-uuid' }), 400, 10001);
    // A message of another thread is not a message of this one.
    const foreign = expectError(
      await user.request('POST', url, { rating: 3, message_id: assistant.id }),
      400,
      10001,
    );
    expect(foreign).toContain('message_id');
    expect(await countRows(t, 'ask_feedback')).toBe(before);
  });

  it('answers 404 for another account’s thread', async () => {
    const { thread } = await newAsker(t);
    const stranger = await newUser(t.app);
    expectError(
      await stranger.request('POST', `/api/v1/ask/threads/${thread.id}/feedback`, { rating: 5 }),
      404,
      40400,
    );
  });
});
