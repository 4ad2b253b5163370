import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';
import { ask, countRows, newAsker } from '../ask/ask.test-support.ts';
import { SEED_CRISIS_MARKERS, SEED_CRISIS_POLICIES } from '../safety/seed/crisis-policies.seed.ts';

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
interface CrisisEvent {
  id: string;
  user_id: string;
  source: string;
  source_ref: string;
  status: string;
  note: string | null;
  handled_by: string | null;
}
interface Policy {
  id: string;
  name: string;
  tier: string;
  cues: string[];
  enabled: boolean;
}

async function crisisFor(): Promise<{ event: CrisisEvent; assistantId: string }> {
  const { user, thread } = await newAsker(t);
  const sent = await ask(user, thread.id, '我活不下去了，真的想死');
  const page = body<Page<CrisisEvent>>(
    await root.request('GET', `/api/v1/admin/crisis/events?user_id=${user.userId}`),
  ).data;
  expect(page.total).toBe(1);
  const event = page.items[0];
  if (!event) throw new Error('no crisis event');
  return { event, assistantId: sent.assistant.id };
}

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_logs')
    .select('action')
    .where('target_id', '=', targetId)
    .execute();
  return rows.map((row) => row.action);
}

describe('crisis events', () => {
  it('lists events from ask with filters and shows one; 404 when unknown', async () => {
    const { event } = await crisisFor();
    expect(event).toMatchObject({ source: 'ask', status: 'open' });
    const open = body<Page<CrisisEvent>>(
      await root.request('GET', '/api/v1/admin/crisis/events?status=open&source=ask'),
    ).data;
    expect(open.items.map((item) => item.id)).toContain(event.id);
    expect(body(await root.request('GET', `/api/v1/admin/crisis/events/${event.id}`)).data).toMatchObject({
      id: event.id,
    });
    expectError(await root.request('GET', `/api/v1/admin/crisis/events/${randomUUID()}`), 404, 40400);
  });

  it('moves an event along its edges with a note, audited; other moves are 400', async () => {
    const { event } = await crisisFor();
    const team = await newAdminWith(t, ['admin.crisis.write']);
    const url = `/api/v1/admin/crisis/events/${event.id}`;
    const taken = body<CrisisEvent>(
      await team.request('PATCH', url, { status: 'in_progress', note: '已联系' }),
    ).data;
    expect(taken).toMatchObject({ status: 'in_progress', note: '已联系', handled_by: team.adminId });
    expect(body<CrisisEvent>(await team.request('PATCH', url, { status: 'resolved' })).data.status).toBe(
      'resolved',
    );
    expectError(await team.request('PATCH', url, { status: 'open' }), 400, 40000);
    expectError(await team.request('PATCH', url, { status: 'resolved' }), 400, 40000);
    expectError(await team.request('PATCH', url, { status: 'gone' }), 400, 10001);
    expect(await auditActions(event.id)).toEqual(['crisis_event.status', 'crisis_event.status']);
    const reader = await newAdminWith(t, ['admin.crisis.read']);
    expectError(await reader.request('PATCH', url, { status: 'in_progress' }), 403, 40300);
  });
});

describe('interventions', () => {
  it('records what the service did, readable by event', async () => {
    const { event, assistantId } = await crisisFor();
    const page = body<
      Page<{ id: string; message_id: string; actions: string[]; hotlines: { number: string }[] }>
    >(await root.request('GET', `/api/v1/admin/crisis/interventions?crisis_event_id=${event.id}`)).data;
    expect(page.total).toBe(1);
    const intervention = page.items[0];
    expect(intervention).toMatchObject({
      message_id: assistantId,
      actions: ['crisis_reply_sent', 'hotlines_shown', 'handoff_offered', 'handoff_opened'],
    });
    expect(intervention?.hotlines.map((line) => line.number)).toContain('12356');
    expect(
      body(await root.request('GET', `/api/v1/admin/crisis/interventions/${intervention?.id}`)).data,
    ).toEqual(intervention);
    expectError(await root.request('GET', `/api/v1/admin/crisis/interventions/${randomUUID()}`), 404, 40400);
  });
});

describe('crisis policies and markers', () => {
  it('lists the seeded policies', async () => {
    const page = body<Page<Policy>>(await root.request('GET', '/api/v1/admin/crisis/policies')).data;
    expect(page.total).toBe(SEED_CRISIS_POLICIES.length);
    expect(page.items.map((policy) => policy.tier)).toContain('means');
    const first = page.items[0];
    expect(body(await root.request('GET', `/api/v1/admin/crisis/policies/${first?.id}`)).data).toEqual(first);
  });

  it('a cue added through the console makes the next message a crisis; disabling the policy undoes it', async () => {
    const { user, thread } = await newAsker(t);
    const text = '我已经把止痛片都攒在一起了';
    expect((await ask(user, thread.id, text)).assistant.reply_kind).toBe('answer');
    const created = await root.request('POST', '/api/v1/admin/crisis/policies', {
      name: '攒药',
      tier: 'means',
      cues: ['止痛片都攒|攒了止痛片'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const policy = body<Policy>(created).data;
    expect(policy).toMatchObject({ tier: 'means', enabled: true });
    const crisis = await ask(user, thread.id, text);
    expect(crisis.assistant.reply_kind).toBe('crisis_support');
    // Means: the reply leads with immediate safety steps.
    expect(crisis.assistant.content).toContain('放到够不着的地方');
    await root.request('POST', `/api/v1/admin/crisis/policies/${policy.id}/disable`);
    expect((await ask(user, thread.id, text)).assistant.reply_kind).toBe('answer');
    expect(await auditActions(policy.id)).toEqual(['crisis_policy.create', 'crisis_policy.disable']);
  });

  it('refuses a cue the detector cannot use, naming it', async () => {
    const message = expectError(
      await root.request('POST', '/api/v1/admin/crisis/policies', {
        name: '坏',
        tier: 'plan',
        cues: ['！！！'],
      }),
      400,
      10001,
    );
    expect(message).toContain('！！！');
    expectError(
      await root.request('POST', '/api/v1/admin/crisis/policies', {
        name: '坏',
        tier: 'someday',
        cues: ['x'],
      }),
      400,
      10001,
    );
  });

  it('shows and replaces the marker vocabulary; the change applies to the next message', async () => {
    const markers = body<Record<string, unknown>>(
      await root.request('GET', '/api/v1/admin/crisis/markers'),
    ).data;
    expect(markers.first_person).toEqual(SEED_CRISIS_MARKERS.firstPerson);
    const { user, thread } = await newAsker(t);
    const text = '树洞想死';
    expect((await ask(user, thread.id, text)).assistant.reply_kind).toBe('crisis_support');
    // Treating 树洞 as a media word turns the same text into talk about content, not the writer.
    const media = [...SEED_CRISIS_MARKERS.media, '树洞'];
    const replaced = await root.request('PUT', '/api/v1/admin/crisis/markers', {
      ...markers,
      media,
      updated_at: undefined,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(body<{ media: string[] }>(replaced).data.media).toContain('树洞');
    expect((await ask(user, thread.id, text)).assistant.reply_kind).not.toBe('crisis_support');
    expect(await auditActions('default')).toEqual(['crisis_markers.replace']);
    expectError(
      await root.request('PUT', '/api/v1/admin/crisis/markers', {
        ...markers,
        first_person: [],
        updated_at: undefined,
      }),
      400,
      10001,
    );
  });
});

describe('POST /admin/crisis/evaluate', () => {
  it('previews the crisis decision with the live configuration and writes nothing', async () => {
    const reader = await newAdminWith(t, ['admin.crisis.read']);
    const before = [await countRows(t, 'crisis_events'), await countRows(t, 'moderation_cases')];
    const url = '/api/v1/admin/crisis/evaluate';
    const own = body<{ disposition: string; crisis: { is_crisis: boolean; tier: string } }>(
      await reader.request('POST', url, { text: '我今晚就去跳楼' }),
    ).data;
    expect(own.disposition).toBe('crisis');
    expect(own.crisis.is_crisis).toBe(true);
    const friend = body<{ disposition: string; crisis: { is_crisis: boolean; outcome: string } }>(
      await reader.request('POST', url, { text: '我朋友说他想死' }),
    ).data;
    expect(friend).toMatchObject({
      disposition: 'support_other',
      crisis: { is_crisis: false, outcome: 'third_party_concern' },
    });
    expect([await countRows(t, 'crisis_events'), await countRows(t, 'moderation_cases')]).toEqual(before);
    const other = await newAdminWith(t, ['admin.content_safety.read']);
    expectError(await other.request('POST', url, { text: 'x' }), 403, 40300);
  });
});
