import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  body,
  expectError,
  loginSuperAdmin,
  newAdminWith,
  newUser,
  type AdminClient,
  type UserClient,
} from '../../test/factories.ts';
import { emitServerEvent, type ServerEventName } from './server-events.ts';

let t: TestApp;
let root: AdminClient;
beforeEach(async () => {
  t = await buildTestApp();
  root = await loginSuperAdmin(t.app);
});
afterEach(async () => {
  await t.close();
});

const SECOND_MS = 1000;
const DAY_1 = '2026-06-01';
const DAY_2 = '2026-06-02';
/** 12:00 in Shanghai on each day. */
const NOON_DAY_1 = Date.parse('2026-06-01T04:00:00.000Z');
const NOON_DAY_2 = Date.parse('2026-06-02T04:00:00.000Z');

interface EventItem {
  name: string;
  session_id: string;
  client_ts: unknown;
  page_path?: string | null;
  props?: Record<string, unknown>;
}

function post(client: UserClient, items: unknown) {
  return client.request('POST', '/api/v1/analytics/events', { items });
}

async function send(client: UserClient, items: EventItem[]) {
  const response = await post(client, items);
  expect(response.statusCode, response.body).toBe(200);
  expect(body(response).data).toEqual({ accepted: items.length });
  t.clock.advance(SECOND_MS);
}

async function emit(client: UserClient, name: ServerEventName) {
  await emitServerEvent(t.db, { name, userId: client.userId!, at: t.clock.now() });
  t.clock.advance(SECOND_MS);
}

async function storedEventCount(): Promise<number> {
  const row = await t.db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function view(session: string, at: number, page: string): EventItem {
  return { name: 'page_view', session_id: session, client_ts: at, page_path: page };
}
function leave(session: string, at: number, page: string, dwellMs: number): EventItem {
  return {
    name: 'page_leave',
    session_id: session,
    client_ts: at,
    page_path: page,
    props: { dwell_ms: dwellMs },
  };
}
function click(session: string, at: number, page: string, element: string): EventItem {
  return { name: 'click', session_id: session, client_ts: at, page_path: page, props: { element } };
}
function appOpen(session: string, at: number): EventItem {
  return { name: 'app_open', session_id: session, client_ts: at };
}

function aggregate<T>(path: string, query: string) {
  return root.request('GET', `/api/v1/admin/analytics/${path}?${query}`).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return body<T>(response).data;
  });
}

/**
 * Two users, sessions on two days, page views with and without page_leave, clicks, and a funnel with drop-off.
 * Client times are epoch ms; the server clock decides the day.
 *
 * Day 1: A/a1 app_open, /home (leave 8000), /report (gap 30000 to /pay), /pay (exit); A/a1b /home alone (exit);
 *        B/b1 app_open, /home (gap 12000), /report (leave 3000, exit).
 *        Server: A profile, report, order created, order paid; B profile, then a client-sent `report_created`.
 * Day 2: A/a2 app_open, /home in one batch, /report (+20 s) in the next (exit); server: A order_paid alone.
 *        B: server profile_created before B/b2 app_open; b2 click then app_open, /pay (leave 4000, exit),
 *        and a client `order_paid` that funnels must ignore.
 */
async function seedTwoDays(): Promise<{ a: UserClient; b: UserClient }> {
  t.clock.set(new Date(NOON_DAY_1));
  const a = await newUser(t.app);
  const b = await newUser(t.app);
  const t1 = NOON_DAY_1;
  await send(a, [
    appOpen('a1', t1),
    view('a1', t1, '/home'),
    click('a1', t1 + 5000, '/home', 'banner'),
    leave('a1', t1 + 8000, '/home', 8000),
    view('a1', t1 + 10_000, '/report'),
    click('a1', t1 + 20_000, '/report', 'buy'),
    view('a1', t1 + 40_000, '/pay'),
  ]);
  await send(a, [view('a1b', t1 + 100_000, '/home')]);
  await send(b, [
    appOpen('b1', t1),
    view('b1', t1, '/home'),
    click('b1', t1 + 1000, '/home', 'banner'),
    view('b1', t1 + 12_000, '/report'),
    leave('b1', t1 + 15_000, '/report', 3000),
  ]);
  for (const name of ['profile_created', 'report_created', 'order_created', 'order_paid'] as const) {
    await emit(a, name);
  }
  await emit(b, 'profile_created');
  await send(b, [{ name: 'report_created', session_id: 'b1', client_ts: t1 + 60_000 }]);

  t.clock.set(new Date(NOON_DAY_2));
  const t2 = NOON_DAY_2;
  await send(a, [appOpen('a2', t2), view('a2', t2, '/home')]);
  await send(a, [view('a2', t2 + 20_000, '/report'), click('a2', t2 + 21_000, '/report', 'buy')]);
  await emit(a, 'order_paid');
  await emit(b, 'profile_created');
  await send(b, [
    click('b2', t2, '/pay', 'close'),
    appOpen('b2', t2 + 5000),
    view('b2', t2 + 6000, '/pay'),
    leave('b2', t2 + 10_000, '/pay', 4000),
    { name: 'order_paid', session_id: 'b2', client_ts: t2 + 11_000 },
  ]);
  // A day later the first admin session has expired.
  root = await loginSuperAdmin(t.app);
  return { a, b };
}

describe('POST /analytics/events', () => {
  it('stores a batch with the server receive time beside the client time', async () => {
    const user = await newUser(t.app);
    const items: EventItem[] = [
      { name: 'app_open', session_id: 's1', client_ts: 1_780_286_400_000 },
      {
        name: 'page_view',
        session_id: 's1',
        client_ts: '2026-06-01T04:00:01Z',
        page_path: '/home',
        props: {},
      },
      { name: 'custom', session_id: 's1', client_ts: { tick: 3 }, props: { nested: { ok: true } } },
      { name: 'custom', session_id: 's1', client_ts: null },
      { name: 'custom', session_id: 's1', client_ts: 'whenever' },
    ];
    const response = await post(user, items);
    expect(body(response)).toEqual({ code: 0, message: 'success', data: { accepted: 5 } });
    const rows = await t.db.selectFrom('analytics_events').selectAll().orderBy('batch_seq').execute();
    expect(rows.map((row) => row.client_ts_json)).toEqual([
      '1780286400000',
      '"2026-06-01T04:00:01Z"',
      '{"tick":3}',
      'null',
      '"whenever"',
    ]);
    const received = t.clock.now().getTime();
    expect(rows.map((row) => Number(row.occurred_ms))).toEqual([
      1_780_286_400_000,
      Date.parse('2026-06-01T04:00:01Z'),
      received,
      received,
      received,
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        user_id: user.userId,
        device_key: user.deviceId,
        received_at: t.clock.now().toISOString(),
        day: DAY_1,
        origin: 'client',
      });
    }
    expect(rows[2]!.props_json).toBe('{"nested":{"ok":true}}');
  });

  it('requires a device identity and an active account', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: { items: [appOpen('s', 1)] },
    });
    expectError(anonymous, 401, 40100);
    const user = await newUser(t.app);
    await root.request('POST', `/api/v1/admin/users/${user.userId}/status`, {
      status: 'banned',
      reason: 'spam',
    });
    expectError(await post(user, [appOpen('s', 1)]), 401, 40100);
    expect(await storedEventCount()).toBe(0);
  });

  it('rejects the whole batch naming the first bad item, and stores nothing', async () => {
    const user = await newUser(t.app);
    const good = appOpen('s', 1);
    const cases: [unknown, string][] = [
      [undefined, 'body.items is required'],
      [[], 'body.items'],
      [Array.from({ length: 101 }, () => good), 'body.items'],
      [[good, good, good, { session_id: 's', client_ts: 1 }], 'body.items[3].name is required'],
      [[good, { name: 'x', client_ts: 1 }], 'body.items[1].session_id is required'],
      [[good, { name: 'x', session_id: 's' }], 'body.items[1].client_ts is required'],
      [[{ ...good, name: '' }], 'body.items[0].name'],
      [[{ ...good, name: 'n'.repeat(65) }], 'body.items[0].name'],
      [[{ ...good, session_id: 's'.repeat(129) }], 'body.items[0].session_id'],
      [[{ ...good, page_path: '/'.repeat(513) }], 'body.items[0].page_path'],
      [[good, { ...good, props: [1, 2] }], 'body.items[1].props'],
      [[good, good, { ...good, props: { blob: 'x'.repeat(4100) } }], 'body.items[2].props'],
      [[{ ...good, session_id: 'server:someone' }], 'body.items[0].session_id'],
      [[{ ...good, client_ts: 'x'.repeat(300) }], 'body.items[0].client_ts'],
    ];
    for (const [items, expected] of cases) {
      const response = await user.request(
        'POST',
        '/api/v1/analytics/events',
        items === undefined ? {} : { items },
      );
      expect(expectError(response, 400, 10001), JSON.stringify(items)?.slice(0, 80)).toContain(expected);
    }
    expect(await storedEventCount()).toBe(0);
    // The limits themselves are accepted: 100 items, 512-character path, props of exactly 4096 bytes.
    const props = { blob: 'x'.repeat(4096 - '{"blob":""}'.length) };
    expect(JSON.stringify(props)).toHaveLength(4096);
    const edge = Array.from({ length: 100 }, () => ({ ...good, page_path: '/'.repeat(512), props }));
    expect((await post(user, edge)).statusCode).toBe(200);
    expect(await storedEventCount()).toBe(100);
  });
});

describe('admin analytics aggregates', () => {
  it('overview: every day of the range with distinct users and client sessions', async () => {
    await seedTwoDays();
    const data = await aggregate<{ items: unknown[] }>('overview', 'from=2026-05-31&to=2026-06-03');
    expect(data.items).toEqual([
      { day: '2026-05-31', dau: 0, sessions: 0 },
      { day: DAY_1, dau: 2, sessions: 3 },
      { day: DAY_2, dau: 2, sessions: 2 },
      { day: '2026-06-03', dau: 0, sessions: 0 },
    ]);
  });

  it('pages: views, visitors, dwell from page_leave or the next view, exits', async () => {
    await seedTwoDays();
    const both = await aggregate<{ items: unknown[] }>('pages', `from=${DAY_1}&to=${DAY_2}`);
    expect(both.items).toEqual([
      // /home: a1 8000 (leave), b1 12000 (gap), a2 20000 (gap across batches), a1b alone (exit, no dwell).
      { page_path: '/home', pv: 4, uv: 2, avg_dwell_ms: 13333, exits: 1, exit_rate: 0.25 },
      // /report: a1 30000 (gap to /pay), b1 3000 (leave, exit), a2 (exit, no dwell).
      { page_path: '/report', pv: 3, uv: 2, avg_dwell_ms: 16500, exits: 2, exit_rate: 0.6667 },
      // /pay: a1 (exit, no dwell), b2 4000 (leave, exit).
      { page_path: '/pay', pv: 2, uv: 2, avg_dwell_ms: 4000, exits: 2, exit_rate: 1 },
    ]);
    const secondDay = await aggregate<{ items: unknown[] }>('pages', `from=${DAY_2}&to=${DAY_2}`);
    expect(secondDay.items).toEqual([
      { page_path: '/home', pv: 1, uv: 1, avg_dwell_ms: 20000, exits: 0, exit_rate: 0 },
      { page_path: '/pay', pv: 1, uv: 1, avg_dwell_ms: 4000, exits: 1, exit_rate: 1 },
      { page_path: '/report', pv: 1, uv: 1, avg_dwell_ms: null, exits: 1, exit_rate: 1 },
    ]);
    const top = await aggregate<{ items: { page_path: string }[] }>(
      'pages',
      `from=${DAY_1}&to=${DAY_2}&limit=1`,
    );
    expect(top.items.map((item) => item.page_path)).toEqual(['/home']);
  });

  it('exits: pages ranked by sessions that ended on them', async () => {
    await seedTwoDays();
    const data = await aggregate<{ items: unknown[] }>('exits', `from=${DAY_1}&to=${DAY_2}`);
    expect(data.items).toEqual([
      { page_path: '/pay', exits: 2, exit_rate: 1 },
      { page_path: '/report', exits: 2, exit_rate: 0.6667 },
      { page_path: '/home', exits: 1, exit_rate: 0.25 },
    ]);
  });

  it('clicks: ranked by page and element', async () => {
    await seedTwoDays();
    const data = await aggregate<{ items: unknown[] }>('clicks', `from=${DAY_1}&to=${DAY_2}`);
    expect(data.items).toEqual([
      { page_path: '/home', element: 'banner', clicks: 2 },
      { page_path: '/report', element: 'buy', clicks: 2 },
      { page_path: '/pay', element: 'close', clicks: 1 },
    ]);
    const firstDay = await aggregate<{ items: unknown[] }>('clicks', `from=${DAY_1}&to=${DAY_1}`);
    expect(firstDay.items).toEqual([
      { page_path: '/home', element: 'banner', clicks: 2 },
      { page_path: '/report', element: 'buy', clicks: 1 },
    ]);
  });

  it('funnel: the default funnel joins client and server events per user and day, in order', async () => {
    await seedTwoDays();
    const data = await aggregate<unknown>('funnel', `from=${DAY_1}&to=${DAY_2}`);
    // Groups: A day 1 reaches order_paid; B day 1 stops after profile_created; A day 2 has order_paid without the
    // steps before it; B day 2 created a profile before app_open. Client-sent server step names never count.
    expect(data).toEqual({
      funnel: 'core',
      name: '核心转化漏斗',
      within: 'day',
      steps: [
        { name: 'app_open', count: 4, conversion: 1 },
        { name: 'profile_created', count: 2, conversion: 0.5 },
        { name: 'report_created', count: 1, conversion: 0.5 },
        { name: 'order_created', count: 1, conversion: 1 },
        { name: 'order_paid', count: 1, conversion: 1 },
      ],
    });
    const secondDay = await aggregate<{ steps: { count: number }[] }>('funnel', `from=${DAY_2}&to=${DAY_2}`);
    expect(secondDay.steps.map((step) => step.count)).toEqual([2, 0, 0, 0, 0]);
  });

  it('funnel: a session funnel orders steps by the client clock within one session', async () => {
    await seedTwoDays();
    const created = await root.request('POST', '/api/v1/admin/analytics/funnels', {
      key: 'open_then_click',
      name: '打开后点击',
      steps: ['app_open', 'click'],
      within: 'session',
    });
    expect(created.statusCode, created.body).toBe(200);
    const data = await aggregate<{ steps: unknown[] }>(
      'funnel',
      `from=${DAY_1}&to=${DAY_2}&funnel=open_then_click`,
    );
    // a1, b1 and a2 click after opening; b2 clicked before its app_open (same batch, earlier client time).
    expect(data.steps).toEqual([
      { name: 'app_open', count: 4, conversion: 1 },
      { name: 'click', count: 3, conversion: 0.75 },
    ]);
  });

  it('links late and out-of-order page events to their session neighbours', async () => {
    const user = await newUser(t.app);
    const t0 = NOON_DAY_1;
    await send(user, [view('s', t0, '/x'), view('s', t0 + 10_000, '/y')]);
    // A late page_leave for /x replaces the gap-based dwell; an older view arriving last gets the gap to /x.
    await send(user, [leave('s', t0 + 3000, '/x', 2500)]);
    await send(user, [view('s', t0 - 5000, '/w')]);
    // Views more than 30 minutes apart leave the earlier one without a dwell, but it is no longer an exit.
    await send(user, [view('s', t0 + 10_000 + 31 * 60 * SECOND_MS, '/z')]);
    const data = await aggregate<{
      items: { page_path: string; avg_dwell_ms: number | null; exits: number }[];
    }>('pages', `from=${DAY_1}&to=${DAY_1}`);
    const byPath = Object.fromEntries(data.items.map((item) => [item.page_path, item]));
    expect(byPath['/w']).toMatchObject({ avg_dwell_ms: 5000, exits: 0 });
    expect(byPath['/x']).toMatchObject({ avg_dwell_ms: 2500, exits: 0 });
    expect(byPath['/y']).toMatchObject({ avg_dwell_ms: null, exits: 0 });
    expect(byPath['/z']).toMatchObject({ avg_dwell_ms: null, exits: 1 });
  });

  it('validates the day range', async () => {
    const cases: [string, string][] = [
      ['to=2026-06-01', 'querystring.from is required'],
      ['from=2026-06-01', 'querystring.to is required'],
      ['from=2026-13-01&to=2026-12-31', 'querystring.from'],
      ['from=2026-06-01&to=June', 'querystring.to'],
      ['from=2026-06-02&to=2026-06-01', 'querystring.from must not be after'],
      ['from=2025-06-01&to=2026-06-02', 'at most 366 days'],
    ];
    for (const path of ['overview', 'pages', 'exits', 'clicks', 'funnel']) {
      for (const [query, expected] of cases) {
        const response = await root.request('GET', `/api/v1/admin/analytics/${path}?${query}`);
        expect(expectError(response, 400, 10001), `${path}?${query}`).toContain(expected);
      }
    }
    const year = await aggregate<{ items: unknown[] }>('overview', 'from=2024-01-01&to=2024-12-31');
    expect(year.items).toHaveLength(366);
    expectError(
      await root.request('GET', '/api/v1/admin/analytics/funnel?from=2026-06-01&to=2026-06-01&funnel=nope'),
      404,
      40400,
    );
  });
});

describe('funnel definitions', () => {
  interface FunnelView {
    id: string;
    key: string;
    name: string;
    steps: string[];
    within: string;
  }

  it('lists the seeded default funnel', async () => {
    const data = body<{ items: FunnelView[]; total: number }>(
      await root.request('GET', '/api/v1/admin/analytics/funnels'),
    ).data;
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({
      key: 'core',
      steps: ['app_open', 'profile_created', 'report_created', 'order_created', 'order_paid'],
      within: 'day',
    });
  });

  it('creates and replaces funnels with audit entries; growth.write is required to edit', async () => {
    const editor = await newAdminWith(t, ['growth.write', 'admin.audit.read']);
    const created = body<FunnelView>(
      await editor.request('POST', '/api/v1/admin/analytics/funnels', {
        key: 'report_to_pay',
        name: ' 报告到支付 ',
        steps: ['report_created', 'order_paid'],
      }),
    ).data;
    expect(created).toMatchObject({ key: 'report_to_pay', name: '报告到支付', within: 'day' });
    expectError(
      await editor.request('POST', '/api/v1/admin/analytics/funnels', {
        key: 'report_to_pay',
        name: 'again',
        steps: ['a', 'b'],
      }),
      409,
      40900,
    );
    const replaced = body<FunnelView>(
      await editor.request('PUT', '/api/v1/admin/analytics/funnels/report_to_pay', {
        name: '报告到下单',
        steps: ['report_created', 'order_created'],
      }),
    ).data;
    expect(replaced).toMatchObject({
      id: created.id,
      name: '报告到下单',
      steps: ['report_created', 'order_created'],
    });

    const audit = body<{ items: { action: string; admin_id: string; before: unknown; after: unknown }[] }>(
      await editor.request(
        'GET',
        `/api/v1/admin/audit-logs?target_type=analytics_funnel&target_id=${created.id}`,
      ),
    ).data.items;
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'analytics.funnel.create',
      'analytics.funnel.update',
    ]);
    const update = audit.find((entry) => entry.action === 'analytics.funnel.update')!;
    expect(update).toMatchObject({
      admin_id: editor.adminId,
      before: { steps: ['report_created', 'order_paid'] },
      after: { steps: ['report_created', 'order_created'] },
    });

    const reader = await newAdminWith(t, ['admin.analytics.read']);
    expectError(
      await reader.request('PUT', '/api/v1/admin/analytics/funnels/core', { name: 'x', steps: ['a', 'b'] }),
      403,
      40300,
    );
  });

  it('validates definitions and changes nothing on refusal', async () => {
    const cases: [unknown, number, string][] = [
      [{ key: 'Bad Key', name: 'x', steps: ['a', 'b'] }, 10001, 'body.key'],
      [{ key: 'one', name: 'x', steps: ['a'] }, 10001, 'body.steps'],
      [{ key: 'one', name: 'x', steps: Array.from({ length: 11 }, (_, i) => `s${i}`) }, 10001, 'body.steps'],
      [{ key: 'one', name: '', steps: ['a', 'b'] }, 10001, 'body.name'],
      [{ key: 'one', name: 'x', steps: ['a', 'b', 'a'] }, 10001, 'body.steps[2] repeats'],
      [
        { key: 'one', name: 'x', steps: ['app_open', 'order_paid'], within: 'session' },
        10001,
        'body.steps[1]',
      ],
      [{ key: 'one', name: 'x', steps: ['a', 'b'], within: 'week' }, 10001, 'body.within'],
    ];
    for (const [payload, code, expected] of cases) {
      const response = await root.request('POST', '/api/v1/admin/analytics/funnels', payload);
      expect(expectError(response, 400, code)).toContain(expected);
    }
    expectError(
      await root.request('PUT', '/api/v1/admin/analytics/funnels/missing', { name: 'x', steps: ['a', 'b'] }),
      404,
      40400,
    );
    const total = body<{ total: number }>(await root.request('GET', '/api/v1/admin/analytics/funnels')).data
      .total;
    expect(total).toBe(1);
  });
});
