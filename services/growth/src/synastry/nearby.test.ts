import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser, type UserClient } from '../../test/factories.ts';
import type { Profile } from '../profiles/profiles.mapper.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

interface NearbyItem {
  profile: Profile;
  distance_km: number;
}

const SHANGHAI = { lat: 31.2304, lng: 121.4737 };
const KM_PER_DEGREE_LAT = 111.195;
/** Distances are measured to the ~1.1 km privacy cell, so they may differ from the exact one by this much. */
const CELL_TOLERANCE_KM = 0.8;

/** A point `km` kilometres due north of Shanghai, with digits that would be recognisable if they leaked. */
function northOfShanghai(km: number): { lat: number; lng: number } {
  return { lat: Number((SHANGHAI.lat + km / KM_PER_DEGREE_LAT).toFixed(6)) + 0.0000013, lng: 121.4737231 };
}

async function personAt(
  point: { lat: number; lng: number } | null,
  options: { visible?: boolean; relation?: 'self' | 'other'; client?: UserClient; name?: string } = {},
): Promise<{ client: UserClient; profile: Profile }> {
  const client = options.client ?? (await newUser(t.app));
  const created = await client.request('POST', '/api/v1/profiles', {
    relation: options.relation ?? 'self',
    birth_date: '1995-04-12',
    birth_time: '06:45',
    birth_place: '杭州',
    display_name: options.name ?? '路人',
  });
  expect(created.statusCode, created.body).toBe(200);
  const profile = body<Profile>(created).data;
  const patch = await client.request('PATCH', `/api/v1/profiles/${profile.id}`, {
    geo_lat: point?.lat ?? null,
    geo_lng: point?.lng ?? null,
    geo_visible: options.visible ?? true,
  });
  expect(patch.statusCode, patch.body).toBe(200);
  return { client, profile: body<Profile>(patch).data };
}

async function search(client: UserClient, query: string) {
  return client.request('GET', `/api/v1/synastry/nearby?${query}`);
}

async function nearbyItems(client: UserClient, query: string): Promise<NearbyItem[]> {
  const response = await search(client, query);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: NearbyItem[] }>(response).data.items;
}

const AT_SHANGHAI = `lat=${SHANGHAI.lat}&lng=${SHANGHAI.lng}`;

describe('GET /synastry/nearby', () => {
  it('finds visible profiles of other accounts only, nearest first, with distances in 0.1 km steps', async () => {
    const seeker = await newUser(t.app);
    await personAt(northOfShanghai(2), { client: seeker }); // own profile: never listed
    const far = await personAt(northOfShanghai(30), { name: '远' });
    const near = await personAt(northOfShanghai(3), { name: '近' });
    const middle = await personAt(northOfShanghai(12), { name: '中' });
    await personAt(northOfShanghai(5), { visible: false });
    await personAt(null, { visible: true });

    const items = await nearbyItems(seeker, AT_SHANGHAI);
    expect(items.map((item) => item.profile.id)).toEqual([
      near.profile.id,
      middle.profile.id,
      far.profile.id,
    ]);
    const expected = [3, 12, 30];
    items.forEach((item, i) => {
      expect(Math.abs(item.distance_km - expected[i]!)).toBeLessThanOrEqual(CELL_TOLERANCE_KM);
      expect(Number.isInteger(Math.round(item.distance_km * 10 * 1e6) / 1e6)).toBe(true);
    });
  });

  it('never exposes coordinates (nor birth time, place or private labels) of the people it finds', async () => {
    const seeker = await newUser(t.app);
    const point = northOfShanghai(4);
    const found = await personAt(point, { name: '小周' });
    const response = await search(seeker, AT_SHANGHAI);
    const [item] = body<{ items: NearbyItem[] }>(response).data.items;
    expect(item?.profile).toEqual({
      ...found.profile,
      geo_lat: null,
      geo_lng: null,
      birth_time: null,
      birth_place: null,
      relation_type: null,
    });
    expect(item?.profile.display_name).toBe('小周');
    expect(response.body).not.toContain(String(point.lat).slice(0, 7));
    expect(response.body).not.toContain(String(point.lng).slice(0, 7));
    expect(response.body).not.toContain('06:45');
  });

  it('keeps to the radius: 50 km by default, up to 500 km when asked', async () => {
    const seeker = await newUser(t.app);
    const inside = await personAt(northOfShanghai(45));
    const outside = await personAt(northOfShanghai(80));
    expect((await nearbyItems(seeker, AT_SHANGHAI)).map((i) => i.profile.id)).toEqual([inside.profile.id]);
    expect((await nearbyItems(seeker, `${AT_SHANGHAI}&radius_km=100`)).map((i) => i.profile.id)).toEqual([
      inside.profile.id,
      outside.profile.id,
    ]);
    expect(await nearbyItems(seeker, `${AT_SHANGHAI}&radius_km=10`)).toEqual([]);
  });

  it('rejects a missing or out-of-range point or radius with 400 naming the field', async () => {
    const seeker = await newUser(t.app);
    const cases: [string, string][] = [
      [`lng=${SHANGHAI.lng}`, 'querystring.lat'],
      [`lat=${SHANGHAI.lat}`, 'querystring.lng'],
      [`lat=90.5&lng=0`, 'querystring.lat'],
      [`lat=0&lng=-180.5`, 'querystring.lng'],
      [`lat=abc&lng=0`, 'querystring.lat'],
      [`${AT_SHANGHAI}&radius_km=0`, 'querystring.radius_km'],
      [`${AT_SHANGHAI}&radius_km=-5`, 'querystring.radius_km'],
      [`${AT_SHANGHAI}&radius_km=500.1`, 'querystring.radius_km'],
    ];
    for (const [query, field] of cases) {
      expect(expectError(await search(seeker, query), 400, 10001), query).toContain(field);
    }
    expect((await search(seeker, `${AT_SHANGHAI}&radius_km=500`)).statusCode).toBe(200);
  });

  it('answers at most 50 people', async () => {
    const seeker = await newUser(t.app);
    const at = t.clock.now().toISOString();
    const users = Array.from({ length: 55 }, (_, i) => ({ id: randomUUID(), i }));
    await t.db
      .insertInto('users')
      .values(
        users.map(({ id, i }) => ({
          id,
          phone: null,
          password_hash: null,
          nickname: `n${i}`,
          status: 'active' as const,
          is_guest: 1,
          timezone: null,
          created_at: at,
          updated_at: at,
          last_seen_at: null,
        })),
      )
      .execute();
    await t.db
      .insertInto('profiles')
      .values(
        users.map(({ id, i }) => ({
          id: randomUUID(),
          user_id: id,
          relation: 'self' as const,
          display_name: `p${i}`,
          birth_date: '1990-01-01',
          birth_time: null,
          birth_place: null,
          gender: null,
          relation_type: null,
          geo_lat: northOfShanghai(i * 0.5 + 1).lat,
          geo_lng: SHANGHAI.lng,
          geo_visible: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const items = await nearbyItems(seeker, AT_SHANGHAI);
    expect(items).toHaveLength(50);
    const distances = items.map((item) => item.distance_km);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    expect(items.map((item) => item.profile.display_name)).not.toContain('p54');
  });

  it('widens the search when people close by drop out: 50 within 1 km, one of them banned, one more at 5 km', async () => {
    const seeker = await newUser(t.app);
    const at = t.clock.now().toISOString();
    const people = Array.from({ length: 51 }, (_, i) => ({
      userId: randomUUID(),
      profileId: randomUUID(),
      km: i < 50 ? 0.2 + i * 0.01 : 5,
      name: `q${i}`,
    }));
    await t.db
      .insertInto('users')
      .values(
        people.map((person, i) => ({
          id: person.userId,
          phone: null,
          password_hash: null,
          nickname: person.name,
          status: i === 0 ? ('banned' as const) : ('active' as const),
          is_guest: 1,
          timezone: null,
          created_at: at,
          updated_at: at,
          last_seen_at: null,
        })),
      )
      .execute();
    await t.db
      .insertInto('profiles')
      .values(
        people.map((person) => ({
          id: person.profileId,
          user_id: person.userId,
          relation: 'self' as const,
          display_name: person.name,
          birth_date: '1990-01-01',
          birth_time: null,
          birth_place: null,
          gender: null,
          relation_type: null,
          geo_lat: northOfShanghai(person.km).lat,
          geo_lng: SHANGHAI.lng,
          geo_visible: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const names = (await nearbyItems(seeker, AT_SHANGHAI)).map((item) => item.profile.display_name);
    expect(names).toHaveLength(50);
    expect(names).not.toContain('q0');
    expect(names[49]).toBe('q50');
  });

  it('leaves out people whose account is no longer active', async () => {
    const seeker = await newUser(t.app);
    const banned = await personAt(northOfShanghai(3));
    const active = await personAt(northOfShanghai(6));
    await t.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', banned.client.userId!)
      .execute();
    expect((await nearbyItems(seeker, AT_SHANGHAI)).map((i) => i.profile.id)).toEqual([active.profile.id]);
  });

  it('finds people across the antimeridian', async () => {
    const seeker = await newUser(t.app);
    const across = await personAt({ lat: -16.5, lng: 179.95 });
    const items = await nearbyItems(seeker, 'lat=-16.5&lng=-179.95&radius_km=20');
    expect(items.map((item) => item.profile.id)).toEqual([across.profile.id]);
    expect(Math.abs(items[0]!.distance_km - 10.7)).toBeLessThanOrEqual(CELL_TOLERANCE_KM);
  });

  it('stops listing a profile once it is hidden again', async () => {
    const seeker = await newUser(t.app);
    const person = await personAt(northOfShanghai(3));
    expect(await nearbyItems(seeker, AT_SHANGHAI)).toHaveLength(1);
    await person.client.request('PATCH', `/api/v1/profiles/${person.profile.id}`, { geo_visible: false });
    expect(await nearbyItems(seeker, AT_SHANGHAI)).toEqual([]);
  });
});
