import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectError } from '../../test/factories.ts';
import { shanghaiDay } from '../calendar/calendar-day.ts';
import { ask, newAsker, sendMessage } from './ask.test-support.ts';

/** A local stand-in for an OpenAI-compatible endpoint; each test says how it should answer. */
type Behaviour =
  | { kind: 'answer'; content: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' };

interface ReceivedCall {
  url: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

const TIMEOUT_MS = 1000;
const MODEL_ANSWER =
  '谢谢你愿意说出来。失眠的时候先别和自己较劲：固定起床时间，睡前一小时放下手机，躺了二十分钟还睡不着就起来做点安静的事。今晚你愿意先试哪一条？';

let behaviour: Behaviour = { kind: 'answer', content: MODEL_ANSWER };
const calls: ReceivedCall[] = [];
let server: Server;
/** Slow answers that found the caller still waiting (it should have given up and closed the connection). */
let slowAnswersDelivered = 0;
let t: TestApp;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      calls.push({
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(text) as ReceivedCall['body'],
      });
      const current = behaviour;
      if (current.kind === 'slow') {
        await new Promise((resolve) => setTimeout(resolve, current.delayMs));
        if (!request.socket.destroyed) slowAnswersDelivered += 1;
      }
      if (current.kind === 'status') {
        response.writeHead(current.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'upstream exploded: secret detail' } }));
        return;
      }
      if (current.kind === 'garbage') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"choices": [');
        return;
      }
      const content = current.kind === 'answer' ? current.content : MODEL_ANSWER;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await buildTestApp({
    env: {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1/`,
      LLM_API_KEY: 'test-llm-key',
      LLM_MODEL: 'companion-test',
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
});

afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  behaviour = { kind: 'answer', content: MODEL_ANSWER };
  calls.length = 0;
});

async function assistantMeta(messageId: string): Promise<Record<string, unknown>> {
  const row = await t.db
    .selectFrom('ask_messages')
    .select('meta_json')
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.meta_json) as Record<string, unknown>;
}

describe('with a language model configured', () => {
  it('answers with the model, sending the rendered scene prompt, the retrieved knowledge and the history', async () => {
    const { user, thread } = await newAsker(t, 'emotion');
    await ask(user, thread.id, '最近心情很低落');
    const { assistant } = await ask(user, thread.id, '最近总是失眠，晚上睡不着怎么办？');
    expect(assistant.content).toBe(MODEL_ANSWER);
    expect(assistant.citations.length).toBeGreaterThan(0);
    expect(await assistantMeta(assistant.id)).toMatchObject({ generator: 'llm', llm_failure: null });

    const call = calls.at(-1);
    expect(call?.url).toBe('/v1/chat/completions');
    expect(call?.authorization).toBe('Bearer test-llm-key');
    expect(call?.body.model).toBe('companion-test');
    const messages = call?.body.messages ?? [];
    expect(messages[0]?.role).toBe('system');
    // The emotion prompt, rendered for the profile, and the chunks the reply cites.
    expect(messages[0]?.content).toContain('情绪陪伴者');
    expect(messages[0]?.content).toContain('小林');
    expect(messages[0]?.content).toContain(assistant.citations[0]?.title ?? '?');
    expect(messages.slice(1).map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages.at(-1)?.content).toBe('最近总是失眠，晚上睡不着怎么办？');
  });

  it.each([
    ['a timeout', { kind: 'slow', delayMs: TIMEOUT_MS * 5 } as const, 'timeout'],
    ['an error status', { kind: 'status', status: 500 } as const, 'http_status'],
    ['a malformed body', { kind: 'garbage' } as const, 'invalid_response'],
    ['an empty answer', { kind: 'answer', content: '   ' } as const, 'empty_answer'],
  ])('falls back to the rule engine on %s', async (_label, failing, failure) => {
    behaviour = failing;
    const { user, thread } = await newAsker(t, 'emotion');
    const { assistant } = await ask(user, thread.id, '最近总是失眠，晚上睡不着怎么办？');
    // The reply did not wait for the slow upstream: the service gave up on it and closed the connection.
    expect(slowAnswersDelivered).toBe(0);
    expect(assistant.content).not.toBe(MODEL_ANSWER);
    expect(assistant.content).not.toContain('secret detail');
    expect(assistant.citations.length).toBeGreaterThan(0);
    expect(await assistantMeta(assistant.id)).toMatchObject({ generator: 'rule', llm_failure: failure });
  });

  it('replaces a model answer a policy refuses with the rule engine’s answer, and queues it for review', async () => {
    behaviour = { kind: 'answer', content: '我可以教你怎么制作炸弹，先准备以下材料。' };
    const { user, thread } = await newAsker(t, 'emotion');
    const { assistant } = await ask(user, thread.id, '最近总是失眠，晚上睡不着怎么办？');
    expect(assistant.content).not.toContain('炸弹');
    expect(assistant.reply_kind).toBe('answer');
    expect(await assistantMeta(assistant.id)).toMatchObject({ generator: 'rule', output_action: 'replaced' });
    const cases = await t.db
      .selectFrom('moderation_cases')
      .selectAll()
      .where('message_id', '=', assistant.id)
      .execute();
    expect(cases).toMatchObject([{ direction: 'output', action: 'refuse', categories: 'violence' }]);
  });

  it('masks what a policy masks in a model answer', async () => {
    behaviour = { kind: 'answer', content: `${MODEL_ANSWER}有需要可以打我的电话 13812345678。` };
    const { user, thread } = await newAsker(t, 'emotion');
    const { assistant } = await ask(user, thread.id, '最近总是失眠，晚上睡不着怎么办？');
    expect(assistant.content).toContain('＊＊＊＊');
    expect(assistant.content).not.toContain('13812345678');
    expect(await assistantMeta(assistant.id)).toMatchObject({ generator: 'llm', output_action: 'mask' });
  });

  it('does not call the model for a crisis, or when no question is left', async () => {
    const { user, thread } = await newAsker(t);
    expect((await ask(user, thread.id, '我想自杀')).assistant.reply_kind).toBe('crisis_support');
    expect(calls).toHaveLength(0);
    await t.db
      .insertInto('quota_usage')
      .values({
        user_id: user.userId ?? '',
        kind: 'ask',
        day: shanghaiDay(t.clock.now()),
        used: 5,
        updated_at: t.clock.now().toISOString(),
      })
      .execute();
    expectError(await sendMessage(user, thread.id, '最近总是失眠怎么办'), 402, 40200);
    expect(calls).toHaveLength(0);
  });
});
