import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newAdminWith, type AdminClient } from '../../test/factories.ts';

let t: TestApp;
let admin: AdminClient;
beforeEach(async () => {
  t = await buildTestApp(); // clock: 2026-06-01T04:00:00Z
  admin = await loginSuperAdmin(t.app);
});
afterEach(async () => {
  await t.close();
});

const MINUTE_MS = 60_000;

interface Publication {
  id: string;
  target_type: string;
  target_id: string;
  action: string;
  publish_at: string;
  note: string | null;
  enabled: boolean;
  due: boolean;
}

async function publicIds(url: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return body<{ items: { id?: string; key?: string }[] }>(response).data.items.map(
    (item) => item.id ?? item.key ?? '',
  );
}

async function newBanner(enabled: boolean): Promise<string> {
  const response = await admin.request('POST', '/api/v1/admin/cms/banners', {
    title: '会员日',
    image_url: '/static/banners/member-day.png',
    enabled,
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ id: string }>(response).data.id;
}

async function schedule(payload: Record<string, unknown>): Promise<Publication> {
  const response = await admin.request('POST', '/api/v1/admin/cms/publications', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<Publication>(response).data;
}

describe('scheduled publications', () => {
  it('make a disabled banner go live at publish_at, with no restart and nothing else happening', async () => {
    const bannerId = await newBanner(false);
    const publication = await schedule({
      target_type: 'banner',
      target_id: bannerId,
      publish_at: '2026-06-01T04:30:00Z',
      note: '会员日上线',
    });
    expect(publication).toMatchObject({ action: 'publish', enabled: true, due: false, note: '会员日上线' });
    expect(await publicIds('/api/v1/home/banners')).not.toContain(bannerId);

    t.clock.advance(29 * MINUTE_MS);
    expect(await publicIds('/api/v1/home/banners')).not.toContain(bannerId);
    t.clock.advance(MINUTE_MS);
    expect(await publicIds('/api/v1/home/banners')).toContain(bannerId);

    const banner = body<{ enabled: boolean; live: boolean }>(
      await admin.request('GET', `/api/v1/admin/cms/banners/${bannerId}`),
    ).data;
    expect(banner).toMatchObject({ enabled: false, live: true });
    const due = body<Publication>(
      await admin.request('GET', `/api/v1/admin/cms/publications/${publication.id}`),
    ).data;
    expect(due.due).toBe(true);
  });

  it('take a live item down at publish_at with action unpublish', async () => {
    const [seeded] = await publicIds('/api/v1/home/feed-slots');
    await schedule({
      target_type: 'feed_slot',
      target_id: seeded,
      action: 'unpublish',
      publish_at: '2026-06-01T05:00:00Z',
    });
    expect(await publicIds('/api/v1/home/feed-slots')).toContain(seeded);
    t.clock.set('2026-06-01T05:00:00Z');
    expect(await publicIds('/api/v1/home/feed-slots')).not.toContain(seeded);
  });

  it('yield to an operator switch flipped after they fell due', async () => {
    const bannerId = await newBanner(false);
    await schedule({ target_type: 'banner', target_id: bannerId, publish_at: '2026-06-01T04:10:00Z' });
    t.clock.set('2026-06-01T04:20:00Z');
    expect(await publicIds('/api/v1/home/banners')).toContain(bannerId);
    await admin.request('POST', `/api/v1/admin/cms/banners/${bannerId}/disable`);
    expect(await publicIds('/api/v1/home/banners')).not.toContain(bannerId);
  });

  it('never take effect once cancelled (disabled)', async () => {
    const bannerId = await newBanner(false);
    const publication = await schedule({
      target_type: 'banner',
      target_id: bannerId,
      publish_at: '2026-06-01T04:10:00Z',
    });
    const cancelled = await admin.request('POST', `/api/v1/admin/cms/publications/${publication.id}/disable`);
    expect(body<Publication>(cancelled).data.enabled).toBe(false);
    t.clock.set('2026-06-01T05:00:00Z');
    expect(await publicIds('/api/v1/home/banners')).not.toContain(bannerId);
  });

  it('schedule star and rhythm configs too', async () => {
    const configs = body<{ items: { id: string; key: string }[] }>(
      await admin.request('GET', '/api/v1/admin/star/configs?limit=100'),
    ).data.items;
    const transits = configs.find((config) => config.key === 'transits');
    await schedule({
      target_type: 'star_config',
      target_id: transits?.id,
      action: 'unpublish',
      publish_at: '2026-06-01T06:00:00Z',
    });
    expect(await publicIds('/api/v1/star/configs')).toContain('transits');
    t.clock.set('2026-06-01T06:00:00Z');
    expect(await publicIds('/api/v1/star/configs')).not.toContain('transits');
    // A star config id is no rhythm config.
    const wrongType = await admin.request('POST', '/api/v1/admin/cms/publications', {
      target_type: 'rhythm_config',
      target_id: transits?.id,
      publish_at: '2026-06-02T00:00:00Z',
    });
    expect(expectError(wrongType, 400, 10001)).toContain('body.target_id');
  });

  it('PUT reschedules (audited); list is newest publish_at first; unknown id 404', async () => {
    const bannerId = await newBanner(false);
    const early = await schedule({
      target_type: 'banner',
      target_id: bannerId,
      publish_at: '2026-06-03T00:00:00Z',
    });
    const late = await schedule({
      target_type: 'banner',
      target_id: bannerId,
      publish_at: '2026-06-05T00:00:00Z',
    });
    const moved = await admin.request('PUT', `/api/v1/admin/cms/publications/${early.id}`, {
      publish_at: '2026-06-01T04:05:00Z',
    });
    expect(body<Publication>(moved).data).toMatchObject({
      publish_at: '2026-06-01T04:05:00.000Z',
      action: 'publish',
    });
    t.clock.set('2026-06-01T04:05:00Z');
    expect(await publicIds('/api/v1/home/banners')).toContain(bannerId);

    const page = body<{ items: Publication[]; total: number }>(
      await admin.request('GET', '/api/v1/admin/cms/publications'),
    ).data;
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([late.id, early.id]);
    const actions = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'publication')
      .execute();
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      'publication.create',
      'publication.create',
      'publication.update',
    ]);
    expectError(await admin.request('GET', `/api/v1/admin/cms/publications/${randomUUID()}`), 404, 40400);
    expectError(
      await admin.request('PUT', `/api/v1/admin/cms/publications/${randomUUID()}`, {
        publish_at: '2026-06-01T00:00:00Z',
      }),
      404,
      40400,
    );
  });

  it.each([
    [
      'an unknown target',
      () => ({ target_type: 'banner', target_id: randomUUID(), publish_at: '2026-06-02T00:00:00Z' }),
      'body.target_id',
    ],
    [
      'an unknown target type',
      () => ({ target_type: 'article', target_id: randomUUID(), publish_at: '2026-06-02T00:00:00Z' }),
      'body.target_type',
    ],
    ['publish_at missing', () => ({ target_type: 'banner', target_id: randomUUID() }), 'body.publish_at'],
    [
      'publish_at malformed',
      () => ({ target_type: 'banner', target_id: randomUUID(), publish_at: 'soon' }),
      'body.publish_at',
    ],
    [
      'an unknown action',
      () => ({
        target_type: 'banner',
        target_id: randomUUID(),
        action: 'archive',
        publish_at: '2026-06-02T00:00:00Z',
      }),
      'body.action',
    ],
  ])('refuses %s with 400 naming the field and stores nothing', async (_case, payload, field) => {
    const response = await admin.request('POST', '/api/v1/admin/cms/publications', payload());
    expect(expectError(response, 400, 10001)).toContain(field);
    const page = body<{ total: number }>(await admin.request('GET', '/api/v1/admin/cms/publications')).data;
    expect(page.total).toBe(0);
  });

  it('reads under admin.cms.read, writes under admin.cms.write', async () => {
    const reader = await newAdminWith(t, ['admin.cms.read']);
    expect((await reader.request('GET', '/api/v1/admin/cms/publications')).statusCode).toBe(200);
    const bannerId = await newBanner(false);
    const refused = await reader.request('POST', '/api/v1/admin/cms/publications', {
      target_type: 'banner',
      target_id: bannerId,
      publish_at: '2026-06-02T00:00:00Z',
    });
    expectError(refused, 403, 40300);
  });
});
