import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';
import { BANNER_SEED, FEED_SLOT_SEED } from './cms.seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp(); // clock: 2026-06-01T04:00:00Z
});
afterEach(async () => {
  await t.close();
});

const HOUR_MS = 3_600_000;

interface Item {
  id: string;
  title: string;
  sort: number;
  starts_at: string | null;
  ends_at: string | null;
}
interface AdminItem extends Item {
  enabled: boolean;
  live: boolean;
}

async function publicList(path: string): Promise<Item[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/home/${path}` });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: Item[] }>(response).data.items;
}

async function create(
  admin: AdminClient,
  path: string,
  payload: Record<string, unknown>,
): Promise<AdminItem> {
  const response = await admin.request('POST', `/api/v1/admin/cms/${path}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<AdminItem>(response).data;
}

const bannerBody = (extra: Record<string, unknown> = {}) => ({
  title: '夏至特别企划',
  image_url: '/static/banners/summer.png',
  link: '/solar-terms',
  ...extra,
});
const slotBody = (extra: Record<string, unknown> = {}) => ({
  title: '周末放松练习',
  subtitle: '十分钟呼吸练习',
  tag: '练习',
  link: '/growth/plans',
  ...extra,
});

describe('public home content', () => {
  it('answers the seeded banners and feed slots in sort order without a device identity', async () => {
    const banners = await publicList('banners');
    expect(banners.map((banner) => banner.title)).toEqual(BANNER_SEED.map((banner) => banner.title));
    expect(Object.keys(banners[0] ?? {}).sort()).toEqual(
      ['ends_at', 'id', 'image_url', 'link', 'sort', 'starts_at', 'title'].sort(),
    );
    const slots = await publicList('feed-slots');
    expect(slots.map((slot) => slot.title)).toEqual(FEED_SLOT_SEED.map((slot) => slot.title));
  });
});

describe.each([
  ['banners', bannerBody],
  ['feed-slots', slotBody],
] as const)('%s', (path, payload) => {
  it('shows an item only inside its schedule window, evaluated with the clock on each request', async () => {
    const admin = await loginSuperAdmin(t.app);
    const item = await create(
      admin,
      path,
      payload({ starts_at: '2026-06-01T05:00:00Z', ends_at: '2026-06-01T14:00:00+08:00' }),
    );
    expect(item).toMatchObject({
      enabled: true,
      live: false,
      starts_at: '2026-06-01T05:00:00.000Z',
      ends_at: '2026-06-01T06:00:00.000Z',
    });
    expect((await publicList(path)).map((entry) => entry.id)).not.toContain(item.id);

    t.clock.advance(HOUR_MS); // 05:00, the start (inclusive)
    expect((await publicList(path)).map((entry) => entry.id)).toContain(item.id);
    const live = await admin.request('GET', `/api/v1/admin/cms/${path}/${item.id}`);
    expect(body<AdminItem>(live).data.live).toBe(true);

    t.clock.advance(HOUR_MS); // 06:00, the end (exclusive)
    expect((await publicList(path)).map((entry) => entry.id)).not.toContain(item.id);
  });

  it('disable hides, enable shows again; both audited', async () => {
    const writer = await newAdminWith(t, ['admin.cms.read', 'admin.cms.write']);
    const item = await create(writer, path, payload());
    expect((await publicList(path)).map((entry) => entry.id)).toContain(item.id);
    const disabled = await writer.request('POST', `/api/v1/admin/cms/${path}/${item.id}/disable`);
    expect(body<AdminItem>(disabled).data).toMatchObject({ enabled: false, live: false });
    expect((await publicList(path)).map((entry) => entry.id)).not.toContain(item.id);
    await writer.request('POST', `/api/v1/admin/cms/${path}/${item.id}/enable`);
    expect((await publicList(path)).map((entry) => entry.id)).toContain(item.id);
    const actions = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'admin_id'])
      .where('target_id', '=', item.id)
      .execute();
    const kind = path === 'banners' ? 'banner' : 'feed_slot';
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      `${kind}.create`,
      `${kind}.disable`,
      `${kind}.enable`,
    ]);
    expect(actions.every((entry) => entry.admin_id === writer.adminId)).toBe(true);
  });

  it('lists with total, gets by id, 404 for an unknown id', async () => {
    const reader = await newAdminWith(t, ['admin.cms.read']);
    const response = await reader.request('GET', `/api/v1/admin/cms/${path}?limit=2`);
    const page = body<{ items: AdminItem[]; total: number }>(response).data;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(3);
    const first = page.items[0];
    expect(
      body<AdminItem>(await reader.request('GET', `/api/v1/admin/cms/${path}/${first?.id}`)).data,
    ).toEqual(first);
    expectError(await reader.request('GET', `/api/v1/admin/cms/${path}/${randomUUID()}`), 404, 40400);
  });

  it('PUT replaces the content and clears a window left out; audited with before and after', async () => {
    const admin = await loginSuperAdmin(t.app);
    const item = await create(admin, path, payload({ starts_at: '2026-07-01T00:00:00Z' }));
    const response = await admin.request(
      'PUT',
      `/api/v1/admin/cms/${path}/${item.id}`,
      payload({ title: '新标题' }),
    );
    expect(body<AdminItem>(response).data).toMatchObject({
      title: '新标题',
      starts_at: null,
      live: true,
      sort: item.sort,
    });
    const [audit] = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_id', '=', item.id)
      .where('action', 'like', '%.update')
      .execute();
    expect(JSON.parse(audit?.before_json ?? '{}')).toMatchObject({
      title: '夏至特别企划'.length > 0 ? item.title : '',
    });
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({ title: '新标题' });
    expectError(
      await admin.request('PUT', `/api/v1/admin/cms/${path}/${randomUUID()}`, payload()),
      404,
      40400,
    );
  });

  it.each([
    ['title missing', { title: undefined }, 'body.title'],
    ['a javascript: link', { link: 'javascript:alert(1)' }, 'body.link'],
    ['an http image', { image_url: 'http://example.com/a.png' }, 'body.image_url'],
    ['a malformed start', { starts_at: 'tomorrow' }, 'body.starts_at'],
    [
      'an end before the start',
      { starts_at: '2026-06-02T00:00:00Z', ends_at: '2026-06-01T00:00:00Z' },
      'body.ends_at',
    ],
  ])('refuses %s with 400 naming the field and creates nothing', async (_case, extra, field) => {
    const admin = await loginSuperAdmin(t.app);
    const response = await admin.request('POST', `/api/v1/admin/cms/${path}`, payload(extra));
    expect(expectError(response, 400, 10001)).toContain(field);
    const page = body<{ total: number }>(await admin.request('GET', `/api/v1/admin/cms/${path}`)).data;
    expect(page.total).toBe(3);
  });

  it('refuses writes without admin.cms.write (403) and without a session (401)', async () => {
    const reader = await newAdminWith(t, ['admin.cms.read']);
    expectError(await reader.request('POST', `/api/v1/admin/cms/${path}`, payload()), 403, 40300);
    const [first] = body<{ items: AdminItem[] }>(await reader.request('GET', `/api/v1/admin/cms/${path}`))
      .data.items;
    expectError(await reader.request('POST', `/api/v1/admin/cms/${path}/${first?.id}/disable`), 403, 40300);
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/admin/cms/${path}` }), 401, 40101);
  });
});

describe('feed slots', () => {
  it('answers an empty list when no slot is active, so the client hides the recommendation area', async () => {
    const admin = await loginSuperAdmin(t.app);
    const slots = body<{ items: AdminItem[] }>(await admin.request('GET', '/api/v1/admin/cms/feed-slots'))
      .data.items;
    for (const slot of slots) await admin.request('POST', `/api/v1/admin/cms/feed-slots/${slot.id}/disable`);
    expect(await publicList('feed-slots')).toEqual([]);
  });
});
