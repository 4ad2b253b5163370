import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser, type UserClient } from '../../test/factories.ts';
import type { Profile } from './profiles.mapper.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const PROFILE_KEYS = [
  'birth_date',
  'birth_place',
  'birth_time',
  'created_at',
  'display_name',
  'gender',
  'geo_lat',
  'geo_lng',
  'geo_visible',
  'id',
  'relation',
  'relation_type',
  'user_id',
];

async function createProfile(client: UserClient, payload: Record<string, unknown>): Promise<Profile> {
  const response = await client.request('POST', '/api/v1/profiles', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<Profile>(response).data;
}

async function countRows(table: 'profiles' | 'analytics_events' | 'reports'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /profiles', () => {
  it('creates a profile shaped exactly as the contract Profile plus gender, and emits profile_created', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, {
      relation: 'self',
      birth_date: '1990-05-17',
      birth_time: '08:30',
      birth_place: '北京',
      gender: 'female',
      relation_type: null,
    });
    expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
    expect(profile).toMatchObject({
      user_id: client.userId,
      relation: 'self',
      display_name: '我',
      birth_date: '1990-05-17',
      birth_time: '08:30',
      birth_place: '北京',
      gender: 'female',
      relation_type: null,
      geo_lat: null,
      geo_lng: null,
      geo_visible: false,
      created_at: t.clock.now().toISOString(),
    });
    const events = await t.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('name', '=', 'profile_created')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ user_id: client.userId, origin: 'server' });
    expect(JSON.parse(events[0]!.props_json!)).toEqual({ profile_id: profile.id, relation: 'self' });
  });

  it('defaults the display name from the relation and keeps optional fields null', async () => {
    const client = await newUser(t.app);
    const other = await createProfile(client, { relation: 'other', birth_date: '1992-01-02' });
    expect(other).toMatchObject({
      display_name: '对方',
      birth_time: null,
      birth_place: null,
      gender: null,
      relation_type: null,
    });
    const named = await createProfile(client, {
      relation: 'other',
      birth_date: '1992-01-02',
      display_name: '  小林 ',
      birth_time: '23:59:59',
      relation_type: 'partner',
    });
    expect(named).toMatchObject({ display_name: '小林', birth_time: '23:59:59', relation_type: 'partner' });
  });

  it('answers 409/40900 for a second self profile and writes nothing', async () => {
    const client = await newUser(t.app);
    await createProfile(client, { relation: 'self', birth_date: '1990-05-17' });
    const second = await client.request('POST', '/api/v1/profiles', {
      relation: 'self',
      birth_date: '1991-01-01',
    });
    expectError(second, 409, 40900);
    expect(await countRows('profiles')).toBe(1);
    expect(await countRows('analytics_events')).toBe(1);
    // Another account has its own self profile.
    const someoneElse = await newUser(t.app);
    await createProfile(someoneElse, { relation: 'self', birth_date: '1990-05-17' });
  });

  it('lets exactly one of many concurrent self creates win', async () => {
    const client = await newUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.request('POST', '/api/v1/profiles', { relation: 'self', birth_date: '1990-05-17' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expectError(response, 409, 40900);
    expect(await countRows('profiles')).toBe(1);
    expect(await countRows('analytics_events')).toBe(1);
  });

  it.each([
    ['missing relation', { birth_date: '1990-05-17' }, 'body.relation'],
    ['bad relation', { relation: 'friend', birth_date: '1990-05-17' }, 'body.relation'],
    ['missing birth date', { relation: 'other' }, 'body.birth_date'],
    ['impossible date', { relation: 'other', birth_date: '2023-02-30' }, 'body.birth_date'],
    ['date format', { relation: 'other', birth_date: '17/05/1990' }, 'body.birth_date'],
    ['date before 1900', { relation: 'other', birth_date: '1899-12-31' }, 'body.birth_date'],
    ['date in the future', { relation: 'other', birth_date: '2026-06-02' }, 'body.birth_date'],
    ['hour 25', { relation: 'other', birth_date: '1990-05-17', birth_time: '25:00' }, 'body.birth_time'],
    ['minute 60', { relation: 'other', birth_date: '1990-05-17', birth_time: '12:60' }, 'body.birth_time'],
    ['time text', { relation: 'other', birth_date: '1990-05-17', birth_time: 'morning' }, 'body.birth_time'],
    [
      'long place',
      { relation: 'other', birth_date: '1990-05-17', birth_place: '北'.repeat(101) },
      'body.birth_place',
    ],
    [
      'place with a line break',
      { relation: 'other', birth_date: '1990-05-17', birth_place: '北京\n上海' },
      'body.birth_place',
    ],
    ['blank name', { relation: 'other', birth_date: '1990-05-17', display_name: '   ' }, 'body.display_name'],
    [
      'long name',
      { relation: 'other', birth_date: '1990-05-17', display_name: '名'.repeat(33) },
      'body.display_name',
    ],
    ['unknown gender', { relation: 'other', birth_date: '1990-05-17', gender: 'robot' }, 'body.gender'],
    [
      'long relation type',
      { relation: 'other', birth_date: '1990-05-17', relation_type: 'x'.repeat(33) },
      'body.relation_type',
    ],
  ])('answers 400/10001 naming the field for a %s and writes nothing', async (_case, payload, field) => {
    const client = await newUser(t.app);
    const message = expectError(await client.request('POST', '/api/v1/profiles', payload), 400, 10001);
    expect(message).toContain(field);
    expect(await countRows('profiles')).toBe(0);
  });

  it('accepts today (Asia/Shanghai) and 1900-01-01 as birth dates', async () => {
    const client = await newUser(t.app);
    // The test clock is 2026-06-01T04:00Z, i.e. 12:00 on 2026-06-01 in Shanghai.
    await createProfile(client, { relation: 'other', birth_date: '2026-06-01' });
    await createProfile(client, { relation: 'other', birth_date: '1900-01-01' });
  });

  it('needs a device identity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profiles',
      payload: { relation: 'self', birth_date: '1990-05-17' },
    });
    expectError(response, 401, 40100);
    expect(await countRows('profiles')).toBe(0);
  });
});

describe('GET /profiles', () => {
  it("lists only the caller's profiles, newest first", async () => {
    const client = await newUser(t.app);
    const other = await newUser(t.app);
    const first = await createProfile(client, { relation: 'self', birth_date: '1990-05-17' });
    t.clock.advance(1000);
    const second = await createProfile(client, { relation: 'other', birth_date: '1991-05-17' });
    await createProfile(other, { relation: 'self', birth_date: '1980-01-01' });
    const response = await client.request('GET', '/api/v1/profiles');
    expect(response.statusCode).toBe(200);
    const items = body<{ items: Profile[] }>(response).data.items;
    expect(items.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(Object.keys(items[0]!).sort()).toEqual(PROFILE_KEYS);
  });
});

describe('PATCH /profiles/{id}', () => {
  it('changes the given fields, sets coordinates as a pair and answers the updated profile', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, { relation: 'other', birth_date: '1990-05-17' });
    const response = await client.request('PATCH', `/api/v1/profiles/${profile.id}`, {
      display_name: '阿杰',
      birth_time: '07:05',
      birth_place: '上海',
      gender: 'male',
      geo_lat: 31.23,
      geo_lng: 121.47,
      geo_visible: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(body<Profile>(response).data).toMatchObject({
      id: profile.id,
      display_name: '阿杰',
      birth_date: '1990-05-17',
      birth_time: '07:05',
      birth_place: '上海',
      gender: 'male',
      geo_lat: 31.23,
      geo_lng: 121.47,
      geo_visible: true,
      created_at: profile.created_at,
    });
    const cleared = await client.request('PATCH', `/api/v1/profiles/${profile.id}`, {
      geo_lat: null,
      geo_lng: null,
      birth_time: null,
    });
    expect(body<Profile>(cleared).data).toMatchObject({ geo_lat: null, geo_lng: null, birth_time: null });
  });

  it.each([
    ['a latitude without longitude', { geo_lat: 30 }, 'body.geo_lng'],
    ['a longitude without latitude', { geo_lng: 120 }, 'body.geo_lat'],
    ['half a pair cleared', { geo_lat: null, geo_lng: 120 }, 'body.geo_lat'],
    ['latitude out of range', { geo_lat: 91, geo_lng: 120 }, 'body.geo_lat'],
    ['longitude out of range', { geo_lat: 30, geo_lng: -181 }, 'body.geo_lng'],
    ['an impossible date', { birth_date: '2023-02-30' }, 'body.birth_date'],
    ['an impossible time', { birth_time: '25:00' }, 'body.birth_time'],
    ['a non-boolean visibility', { geo_visible: 'sometimes' }, 'body.geo_visible'],
  ])('answers 400/10001 naming the field for %s and changes nothing', async (_case, payload, field) => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, { relation: 'other', birth_date: '1990-05-17' });
    const message = expectError(
      await client.request('PATCH', `/api/v1/profiles/${profile.id}`, payload),
      400,
      10001,
    );
    expect(message).toContain(field);
    const list = body<{ items: Profile[] }>(await client.request('GET', '/api/v1/profiles')).data.items;
    expect(list[0]).toEqual(profile);
  });

  it('answers 409 when a change would make a second self profile', async () => {
    const client = await newUser(t.app);
    await createProfile(client, { relation: 'self', birth_date: '1990-05-17' });
    const other = await createProfile(client, { relation: 'other', birth_date: '1991-05-17' });
    expectError(
      await client.request('PATCH', `/api/v1/profiles/${other.id}`, { relation: 'self' }),
      409,
      40900,
    );
    const list = body<{ items: Profile[] }>(await client.request('GET', '/api/v1/profiles')).data.items;
    expect(list.filter((p) => p.relation === 'self')).toHaveLength(1);
  });

  it("answers 404 for another account's profile and for an unknown id, changing nothing", async () => {
    const owner = await newUser(t.app);
    const stranger = await newUser(t.app);
    const profile = await createProfile(owner, { relation: 'other', birth_date: '1990-05-17' });
    expectError(
      await stranger.request('PATCH', `/api/v1/profiles/${profile.id}`, { display_name: '改名' }),
      404,
      40400,
    );
    expectError(
      await owner.request('PATCH', '/api/v1/profiles/00000000-0000-4000-8000-000000000000', {
        display_name: 'x',
      }),
      404,
      40400,
    );
    const list = body<{ items: Profile[] }>(await owner.request('GET', '/api/v1/profiles')).data.items;
    expect(list[0]!.display_name).toBe('对方');
  });

  it('answers 400 naming the path parameter for a malformed id', async () => {
    const client = await newUser(t.app);
    const message = expectError(await client.request('PATCH', '/api/v1/profiles/not-a-uuid', {}), 400, 10001);
    expect(message).toContain('params.id');
  });
});

describe('DELETE /profiles/{id}', () => {
  it('deletes the profile and its reports, and answers how many reports went', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, { relation: 'self', birth_date: '1990-05-17' });
    const partner = await createProfile(client, { relation: 'other', birth_date: '1992-03-04' });
    const keep = await createProfile(client, { relation: 'other', birth_date: '1993-03-04' });
    const at = t.clock.now().toISOString();
    const report = (id: string, profileId: string, profileBId: string | null) => ({
      id,
      user_id: client.userId!,
      profile_id: profileId,
      profile_b_id: profileBId,
      type: 'synastry' as const,
      summary_json: '{}',
      detail_json: null,
      as_of: null,
      created_at: at,
    });
    await t.db
      .insertInto('reports')
      .values([
        report('10000000-0000-4000-8000-000000000001', profile.id, partner.id),
        report('10000000-0000-4000-8000-000000000002', profile.id, keep.id),
      ])
      .execute();
    const response = await client.request('DELETE', `/api/v1/profiles/${partner.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).data).toEqual({ ok: true, deleted_reports: 1 });
    expect(await countRows('reports')).toBe(1);
    const list = body<{ items: Profile[] }>(await client.request('GET', '/api/v1/profiles')).data.items;
    expect(list.map((p) => p.id).sort()).toEqual([profile.id, keep.id].sort());
    // The self slot frees up once the self profile is gone.
    await client.request('DELETE', `/api/v1/profiles/${profile.id}`);
    await createProfile(client, { relation: 'self', birth_date: '1990-05-17' });
  });

  it("answers 404 for another account's profile and leaves it in place", async () => {
    const owner = await newUser(t.app);
    const stranger = await newUser(t.app);
    const profile = await createProfile(owner, { relation: 'other', birth_date: '1990-05-17' });
    expectError(await stranger.request('DELETE', `/api/v1/profiles/${profile.id}`), 404, 40400);
    expect(await countRows('profiles')).toBe(1);
    expectError(
      await owner.request('DELETE', '/api/v1/profiles/00000000-0000-4000-8000-000000000000'),
      404,
      40400,
    );
  });
});
