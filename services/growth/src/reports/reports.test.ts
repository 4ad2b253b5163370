import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newUser, type UserClient } from '../../test/factories.ts';
import type { Profile } from '../profiles/profiles.mapper.ts';
import type { StarSummary } from './builders/star.builder.ts';
import type { SynastrySummary } from './builders/synastry.builder.ts';
import type { GrowthReport } from './reports.mapper.ts';

interface PortraitSummaryView {
  big_three: { sun: { sign: string; sign_name: string; text: string }; ascendant: unknown };
  elements: Record<'fire' | 'earth' | 'air' | 'water', number>;
  dominant_planets: unknown[];
  house_emphasis: unknown[];
}

interface RhythmSummaryView {
  today: Record<string, unknown>;
  curve: Array<{ day: string }>;
  solar_term: Record<string, unknown>;
  transits: unknown[];
  model: { periods_days: Record<string, number> };
}

/** The summary as the builder typed it (test code reading its own service's output). */
function summaryOf<T>(report: GrowthReport): T {
  return report.summary as unknown as T;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const SELF = { relation: 'self', birth_date: '1990-05-17', birth_time: '08:30', birth_place: '北京' };
const PARTNER = {
  relation: 'other',
  birth_date: '1992-11-03',
  birth_time: '21:10',
  birth_place: '上海',
  display_name: '小林',
};

async function createProfile(client: UserClient, payload: Record<string, unknown>): Promise<Profile> {
  const response = await client.request('POST', '/api/v1/profiles', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<Profile>(response).data;
}

async function createReport(client: UserClient, type: string, payload: Record<string, unknown>) {
  const response = await client.request('POST', `/api/v1/reports/${type}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<GrowthReport>(response).data;
}

async function reportCount(userId: string): Promise<number> {
  const row = await t.db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface Section {
  key: string;
  title: string;
  locked: boolean;
  paragraphs?: string[];
}

function sectionsOf(report: GrowthReport): Section[] {
  expect(report.detail).not.toBeNull();
  return (report.detail as { sections: Section[] }).sections;
}

/** Without deep access: preview sections whole, every other section only `{ key, title, locked: true }`. */
function expectTrimmed(report: GrowthReport, previewKeys: string[]) {
  expect(report.has_deep_access).toBe(false);
  const sections = sectionsOf(report);
  expect(sections.length).toBeGreaterThan(previewKeys.length);
  for (const section of sections) {
    if (previewKeys.includes(section.key)) {
      expect(section.locked).toBe(false);
      expect(section.paragraphs?.length).toBeGreaterThan(0);
    } else {
      expect(Object.keys(section).sort()).toEqual(['key', 'locked', 'title']);
      expect(section.locked).toBe(true);
    }
  }
}

function expectFull(report: GrowthReport) {
  expect(report.has_deep_access).toBe(true);
  for (const section of sectionsOf(report)) {
    expect(section.locked).toBe(false);
    expect(section).toHaveProperty('paragraphs');
  }
}

describe('POST /reports/star', () => {
  it('answers a star report whose summary has exactly the contract keys and shapes', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const report = await createReport(client, 'star', { profile_id: profile.id });
    expect(report).toMatchObject({ user_id: client.userId, profile_id: profile.id, type: 'star' });
    expect(Object.keys(report).sort()).toEqual(
      ['created_at', 'detail', 'has_deep_access', 'id', 'profile_id', 'summary', 'type', 'user_id'].sort(),
    );
    const summary = report.summary as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(Object.keys(summary).sort()).toEqual([
      'aspects_preview',
      'chart',
      'outlook',
      'planets',
      'transits',
    ]);
    expect(JSON.stringify(summary)).not.toMatch(/"(fortune|lucky)"/);
    expect(summary.chart).toMatchObject({
      zodiac: 'tropical',
      house_system: 'placidus',
      // 08:30 in Beijing under China's 1990 summer time (UTC+9).
      birth_utc: '1990-05-16T23:30:00.000Z',
      location: { tz: 'Asia/Shanghai', assumed: false },
    });
    expect(Object.keys(summary.chart.location).sort()).toEqual(['assumed', 'lat', 'lng', 'name', 'tz']);
    expect(summary.chart.houses).toHaveLength(12);
    expect(typeof summary.chart.ascendant).toBe('number');
    expect(typeof summary.chart.midheaven).toBe('number');
    expect(summary.planets.map((p: { key: string }) => p.key)).toEqual([
      'sun',
      'moon',
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'uranus',
      'neptune',
      'pluto',
      'north_node',
    ]);
    for (const planet of summary.planets) {
      expect(Object.keys(planet).sort()).toEqual(
        ['house', 'key', 'longitude', 'name', 'retrograde', 'sign', 'sign_degree'].sort(),
      );
      expect(planet.longitude).toBeGreaterThanOrEqual(0);
      expect(planet.longitude).toBeLessThan(360);
      expect(planet.house).toBeGreaterThanOrEqual(1);
    }
    expect(summary.planets[0]).toMatchObject({ key: 'sun', name: '太阳', sign: 'taurus' });
    for (const aspect of summary.aspects_preview) {
      expect(Object.keys(aspect).sort()).toEqual(['a', 'b', 'orb', 'type']);
      expect(['conjunction', 'opposition', 'trine', 'square', 'sextile']).toContain(aspect.type);
    }
    expect(Array.isArray(summary.transits)).toBe(true);
    expect(Object.keys(summary.outlook).sort()).toEqual(['day', 'lifetime', 'month', 'week', 'year']);
    for (const horizon of Object.values(summary.outlook) as Array<{ text: string }>) {
      expect(horizon.text.length).toBeGreaterThan(20);
    }
    expect(summary.outlook.day.from).toBe('2026-06-01');
    const lifetimeKinds = summary.outlook.lifetime.highlights.map((h: { kind: string }) => h.kind);
    expect(lifetimeKinds).toEqual(expect.arrayContaining(['saturn_return_1', 'saturn_return_2']));
  });

  it('says in the chart when the birth time and place are unknown', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, { relation: 'self', birth_date: '1985-02-10' });
    const summary = summaryOf<StarSummary>(await createReport(client, 'star', { profile_id: profile.id }));
    expect(summary.chart).toMatchObject({
      house_system: null,
      ascendant: null,
      midheaven: null,
      houses: null,
      time_known: false,
      location: { lat: 39.9042, lng: 116.4074, tz: 'Asia/Shanghai', assumed: true },
    });
    expect(summary.chart.notes).toEqual(expect.arrayContaining(['time_unknown', 'place_assumed']));
    expect(summary.planets.every((p: { house: unknown }) => p.house === null)).toBe(true);
  });

  it('is deterministic: the same profile at the same moment reads the same, word for word', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const first = await createReport(client, 'star', { profile_id: profile.id });
    const second = await createReport(client, 'star', { profile_id: profile.id });
    expect(second.id).not.toBe(first.id);
    expect(second.summary).toEqual(first.summary);
    expect(second.detail).toEqual(first.detail);
  });

  it('trims the detail without deep access, and shows it whole once the account has a membership', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const report = await createReport(client, 'star', { profile_id: profile.id });
    expectTrimmed(report, ['core', 'today']);
    const admin = await loginSuperAdmin(t.app);
    const grant = await admin.request('POST', `/api/v1/admin/users/${client.userId}/membership/grant`, {
      plan: 'month',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const again = await client.request('GET', `/api/v1/reports/${report.id}`);
    expect(again.statusCode).toBe(200);
    const full = body<GrowthReport>(again).data;
    expectFull(full);
    expect(full.summary).toEqual(report.summary);
    const keys = sectionsOf(full).map((section) => section.key);
    expect(keys).toEqual(sectionsOf(report).map((section) => section.key));
  });

  it('shows one report whole after a paid deep_access order for it, and only that one', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const bought = await createReport(client, 'star', { profile_id: profile.id });
    const other = await createReport(client, 'portrait', { profile_id: profile.id });
    const order = await client.request('POST', '/api/v1/orders', {
      kind: 'deep_access',
      report_id: bought.id,
    });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = body<{ id: string }>(order).data.id;
    expect((await client.request('POST', `/api/v1/orders/${orderId}/pay-mock`)).statusCode).toBe(200);
    expectFull(body<GrowthReport>(await client.request('GET', `/api/v1/reports/${bought.id}`)).data);
    expectTrimmed(body<GrowthReport>(await client.request('GET', `/api/v1/reports/${other.id}`)).data, [
      'big_three',
      'balance',
    ]);
  });

  it("answers 404 for another account's profile and stores nothing", async () => {
    const owner = await newUser(t.app);
    const stranger = await newUser(t.app);
    const profile = await createProfile(owner, SELF);
    for (const type of ['star', 'portrait', 'rhythm']) {
      expectError(
        await stranger.request('POST', `/api/v1/reports/${type}`, { profile_id: profile.id }),
        404,
        40400,
      );
    }
    expect(await reportCount(stranger.userId!)).toBe(0);
    expect(await reportCount(owner.userId!)).toBe(0);
  });

  it.each([
    ['a missing profile_id', {}, 'body.profile_id'],
    ['a malformed profile_id', { profile_id: 'abc' }, 'body.profile_id'],
  ])('answers 400/10001 naming the field for %s', async (_case, payload, field) => {
    const client = await newUser(t.app);
    expect(expectError(await client.request('POST', '/api/v1/reports/star', payload), 400, 10001)).toContain(
      field,
    );
  });

  it('records a report_created event with the report', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const report = await createReport(client, 'star', { profile_id: profile.id });
    const events = await t.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('user_id', '=', client.userId!)
      .where('name', '=', 'report_created')
      .execute();
    expect(events.map((event) => JSON.parse(event.props_json!))).toEqual([
      { report_id: report.id, type: 'star' },
    ]);
  });
});

describe('POST /reports/portrait', () => {
  it('reads the big three, balances, dominant planets and houses, deterministically', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const report = await createReport(client, 'portrait', { profile_id: profile.id });
    expect(report.type).toBe('portrait');
    const summary = summaryOf<PortraitSummaryView>(report);
    expect(summary.big_three.sun).toMatchObject({ sign: 'taurus', sign_name: '金牛座' });
    expect(summary.big_three.sun.text).toContain('太阳在金牛座');
    expect(summary.big_three.ascendant).not.toBeNull();
    const { fire, earth, air, water } = summary.elements;
    const elementTotal = fire + earth + air + water;
    expect(elementTotal).toBe(100);
    expect(summary.dominant_planets).toHaveLength(3);
    expect(summary.house_emphasis.length).toBeGreaterThan(0);
    expectTrimmed(report, ['big_three', 'balance']);
    const again = await createReport(client, 'portrait', { profile_id: profile.id });
    expect(again.summary).toEqual(report.summary);
    expect(again.detail).toEqual(report.detail);
  });
});

describe('POST /reports/rhythm', () => {
  it('answers today’s biorhythm, a 30-day curve, the solar term and notable transits', async () => {
    const client = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const report = await createReport(client, 'rhythm', { profile_id: profile.id });
    expect(report.type).toBe('rhythm');
    const summary = summaryOf<RhythmSummaryView>(report);
    // 1990-05-17 → 2026-06-01 is 13,164 days: physical sin(2π·13164/23) etc.
    const lived = 13164;
    const expected = (period: number) => Math.round(100 * Math.sin((2 * Math.PI * lived) / period)) + 0;
    expect(summary.today).toMatchObject({
      day: '2026-06-01',
      days_lived: lived,
      physical: expected(23),
      emotional: expected(28),
      intellectual: expected(33),
    });
    expect(summary.curve).toHaveLength(30);
    expect(summary.curve[0]).toEqual({
      day: '2026-06-01',
      physical: expected(23),
      emotional: expected(28),
      intellectual: expected(33),
    });
    expect(summary.curve[29]?.day).toBe('2026-06-30');
    // Solar term on 2026-06-01 in Shanghai: 小满 (from 2026-05-21), next 芒种.
    expect(summary.solar_term).toMatchObject({ key: 'xiaoman', name: '小满', next: { key: 'mangzhong' } });
    expect(Array.isArray(summary.transits)).toBe(true);
    expect(summary.model.periods_days).toEqual({ physical: 23, emotional: 28, intellectual: 33 });
    expectTrimmed(report, ['today', 'solar_term']);
  });
});

describe('POST /reports/synastry', () => {
  it('answers six charts, three indexes in 0..100 and echoes as_of', async () => {
    const client = await newUser(t.app);
    const self = await createProfile(client, SELF);
    const partner = await createProfile(client, PARTNER);
    const report = await createReport(client, 'synastry', {
      profile_id_a: self.id,
      profile_id_b: partner.id,
      as_of: '2026-03-01',
    });
    expect(report).toMatchObject({ type: 'synastry', profile_id: self.id });
    const summary = summaryOf<SynastrySummary>(report);
    expect(summary.as_of).toBe('2026-03-01');
    expect(summary.profiles).toEqual({
      a: { id: self.id, display_name: '我' },
      b: { id: partner.id, display_name: '小林' },
    });
    expect(Object.keys(summary.indexes).sort()).toEqual(['attraction', 'harmony', 'stability']);
    for (const value of Object.values(summary.indexes)) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    const kinds = summary.charts.map((c) => c.kind);
    expect(kinds).toEqual([
      'synastry_a',
      'synastry_b',
      'composite',
      'davison',
      'marks',
      'composite_progressed',
    ]);
    const byKind = Object.fromEntries(summary.charts.map((c) => [c.kind, c]));
    expect(byKind.synastry_a?.chart.birth_utc).toBe('1990-05-16T23:30:00.000Z');
    expect(byKind.synastry_b?.chart.birth_utc).toBe('1992-11-03T13:10:00.000Z');
    expect(byKind.davison?.chart.birth_utc).toBe('1991-08-10T18:20:00.000Z');
    for (const kind of ['composite', 'marks', 'composite_progressed'])
      expect(byKind[kind]?.chart.birth_utc).toBeNull();
    for (const entry of summary.charts) {
      expect(entry.planets).toHaveLength(11);
      expect(entry.chart.zodiac).toBe('tropical');
    }
    // synastry_a: B's planets (their longitudes) placed in A's houses (A's cusps).
    const starB = await createReport(client, 'star', { profile_id: partner.id });
    const planetsB = summaryOf<StarSummary>(starB).planets;
    expect(byKind.synastry_a?.planets.map((p) => p.longitude)).toEqual(planetsB.map((p) => p.longitude));
    const starA = await createReport(client, 'star', { profile_id: self.id });
    expect(byKind.synastry_a?.chart.houses).toEqual(summaryOf<StarSummary>(starA).chart.houses);
    expectTrimmed(report, ['overview', 'key_aspects']);
  });

  it('progresses to today in Asia/Shanghai when as_of is absent', async () => {
    const client = await newUser(t.app);
    const self = await createProfile(client, SELF);
    const partner = await createProfile(client, PARTNER);
    // 2026-06-01T17:00Z is already 2026-06-02 in Shanghai.
    t.clock.set('2026-06-01T17:00:00.000Z');
    try {
      const report = await createReport(client, 'synastry', {
        profile_id_a: self.id,
        profile_id_b: partner.id,
      });
      expect(summaryOf<SynastrySummary>(report).as_of).toBe('2026-06-02');
    } finally {
      t.clock.set('2026-06-01T04:00:00.000Z');
    }
  });

  it("answers 400 naming profile_id_b when the counterpart is not relation 'other', storing nothing", async () => {
    const client = await newUser(t.app);
    const self = await createProfile(client, SELF);
    const other = await createProfile(client, PARTNER);
    const message = expectError(
      await client.request('POST', '/api/v1/reports/synastry', {
        profile_id_a: other.id,
        profile_id_b: self.id,
      }),
      400,
      10001,
    );
    expect(message).toContain('body.profile_id_b');
    expect(
      expectError(
        await client.request('POST', '/api/v1/reports/synastry', {
          profile_id_a: other.id,
          profile_id_b: other.id,
        }),
        400,
        10001,
      ),
    ).toContain('body.profile_id_b');
    expect(
      expectError(
        await client.request('POST', '/api/v1/reports/synastry', {
          profile_id_a: self.id,
          profile_id_b: other.id,
          as_of: '2026-02-30',
        }),
        400,
        10001,
      ),
    ).toContain('body.as_of');
    expect(await reportCount(client.userId!)).toBe(0);
  });

  it("answers 404 when either profile is another account's", async () => {
    const owner = await newUser(t.app);
    const stranger = await newUser(t.app);
    const ownerPartner = await createProfile(owner, PARTNER);
    const strangerSelf = await createProfile(stranger, SELF);
    expectError(
      await stranger.request('POST', '/api/v1/reports/synastry', {
        profile_id_a: strangerSelf.id,
        profile_id_b: ownerPartner.id,
      }),
      404,
      40400,
    );
    expect(await reportCount(stranger.userId!)).toBe(0);
  });
});

describe('GET /reports and /reports/{id}', () => {
  it("lists the caller's reports newest first and hides other accounts' reports", async () => {
    const client = await newUser(t.app);
    const stranger = await newUser(t.app);
    const profile = await createProfile(client, SELF);
    const first = await createReport(client, 'portrait', { profile_id: profile.id });
    t.clock.advance(60_000);
    const second = await createReport(client, 'rhythm', { profile_id: profile.id });
    const strangerProfile = await createProfile(stranger, SELF);
    await createReport(stranger, 'portrait', { profile_id: strangerProfile.id });
    const list = await client.request('GET', '/api/v1/reports');
    expect(list.statusCode).toBe(200);
    const items = body<{ items: GrowthReport[] }>(list).data.items;
    expect(items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(items[0]).toEqual(second);
    const one = await client.request('GET', `/api/v1/reports/${first.id}`);
    expect(body<GrowthReport>(one).data).toEqual(first);
    expectError(await stranger.request('GET', `/api/v1/reports/${first.id}`), 404, 40400);
    expectError(
      await client.request('GET', '/api/v1/reports/00000000-0000-4000-8000-000000000000'),
      404,
      40400,
    );
    expect(expectError(await client.request('GET', '/api/v1/reports/nope'), 400, 10001)).toContain(
      'params.id',
    );
  });
});
