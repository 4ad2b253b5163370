import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser, type UserClient } from '../../test/factories.ts';
import type { Profile } from '../profiles/profiles.mapper.ts';
import type { GrowthReport } from '../reports/reports.mapper.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const GUEST_BIRTH = {
  birth_date: '1992-03-08',
  birth_time: '21:15',
  birth_place: '上海',
  display_name: '小林',
};

async function createProfile(client: UserClient, payload: Record<string, unknown>): Promise<Profile> {
  const response = await client.request('POST', '/api/v1/profiles', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<Profile>(response).data;
}

interface CreatedInvite {
  token: string;
  path: string;
  expires_at: string;
}

async function hostWithInvite(): Promise<{ host: UserClient; profile: Profile; invite: CreatedInvite }> {
  const host = await newUser(t.app);
  await host.register(undefined, undefined, '阿星');
  const profile = await createProfile(host, {
    relation: 'self',
    birth_date: '1990-05-17',
    birth_time: '08:30',
    birth_place: '北京',
  });
  const response = await host.request('POST', '/api/v1/synastry/invites', { profile_id: profile.id });
  expect(response.statusCode, response.body).toBe(200);
  return { host, profile, invite: body<CreatedInvite>(response).data };
}

async function countRows(table: 'profiles' | 'reports'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function accept(client: UserClient, token: string, payload: unknown = GUEST_BIRTH) {
  return client.request('POST', `/api/v1/synastry/invites/${token}/accept`, payload);
}

describe('POST /synastry/invites', () => {
  it('answers an unguessable token, its path and a seven-day expiry, and stores only the token hash', async () => {
    const { invite, host, profile } = await hostWithInvite();
    expect(Object.keys(invite).sort()).toEqual(['expires_at', 'path', 'token']);
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invite.path).toBe(`/synastry/invites/${invite.token}`);
    expect(invite.expires_at).toBe(new Date(t.clock.now().getTime() + SEVEN_DAYS_MS).toISOString());
    const rows = await t.db.selectFrom('synastry_invites').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      host_user_id: host.userId,
      host_profile_id: profile.id,
      token_hash: createHash('sha256').update(invite.token).digest('hex'),
      accepted_at: null,
    });
    expect(JSON.stringify(rows)).not.toContain(invite.token);
  });

  it('gives a different token for every invite', async () => {
    const { host, profile, invite } = await hostWithInvite();
    const again = await host.request('POST', '/api/v1/synastry/invites', { profile_id: profile.id });
    expect(body<CreatedInvite>(again).data.token).not.toBe(invite.token);
  });

  it("answers 404 for another account's profile and creates nothing", async () => {
    const { profile } = await hostWithInvite();
    const stranger = await newUser(t.app);
    const response = await stranger.request('POST', '/api/v1/synastry/invites', { profile_id: profile.id });
    expectError(response, 404, 40400);
    expect(await t.db.selectFrom('synastry_invites').selectAll().execute()).toHaveLength(1);
  });

  it('answers 400 naming the field for a missing or malformed profile_id', async () => {
    const client = await newUser(t.app);
    expect(expectError(await client.request('POST', '/api/v1/synastry/invites', {}), 400, 10001)).toContain(
      'body.profile_id',
    );
    const malformed = await client.request('POST', '/api/v1/synastry/invites', { profile_id: 'abc' });
    expect(expectError(malformed, 400, 10001)).toContain('body.profile_id');
  });

  it('needs a device identity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/synastry/invites',
      payload: { profile_id: '00000000-0000-4000-8000-000000000000' },
    });
    expectError(response, 401, 40100);
  });
});

describe('GET /synastry/invites/{token}', () => {
  it("shows the host's name, the expiry and whether it was accepted", async () => {
    const { invite } = await hostWithInvite();
    const guest = await newUser(t.app);
    const response = await guest.request('GET', `/api/v1/synastry/invites/${invite.token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).data).toEqual({
      host_name: '阿星',
      expires_at: invite.expires_at,
      already_accepted: false,
    });
  });

  it('answers 404 for an unknown token and 410 once an open invite has expired', async () => {
    const { invite } = await hostWithInvite();
    const guest = await newUser(t.app);
    expectError(await guest.request('GET', '/api/v1/synastry/invites/not-a-real-token'), 404, 40400);
    t.clock.advance(SEVEN_DAYS_MS - 1);
    expect((await guest.request('GET', `/api/v1/synastry/invites/${invite.token}`)).statusCode).toBe(200);
    t.clock.advance(1);
    expectError(await guest.request('GET', `/api/v1/synastry/invites/${invite.token}`), 410, 41000);
  });
});

describe('POST /synastry/invites/{token}/accept', () => {
  it("creates the guest's profile as an `other` profile of the host and answers the host's synastry report", async () => {
    const { host, profile, invite } = await hostWithInvite();
    const guest = await newUser(t.app);
    const response = await accept(guest, invite.token);
    expect(response.statusCode, response.body).toBe(200);
    const report = body<GrowthReport>(response).data;
    expect(report).toMatchObject({ type: 'synastry', user_id: host.userId, profile_id: profile.id });
    expect(report.summary).toHaveProperty('indexes');
    expect(report.summary.charts).toHaveLength(6);

    const hostProfiles = body<{ items: Profile[] }>(await host.request('GET', '/api/v1/profiles')).data.items;
    const created = hostProfiles.find((candidate) => candidate.id !== profile.id);
    expect(created).toMatchObject({
      user_id: host.userId,
      relation: 'other',
      display_name: '小林',
      birth_date: '1992-03-08',
      birth_time: '21:15',
      birth_place: '上海',
    });
    const summaryProfiles = report.summary.profiles as { b: { id: string } };
    expect(summaryProfiles.b.id).toBe(created?.id);

    // The report is the host's; the guest's account gets neither a profile nor a copy.
    const stored = await t.db.selectFrom('reports').selectAll().execute();
    expect(stored.map((row) => [row.id, row.user_id, row.profile_b_id])).toEqual([
      [report.id, host.userId, created?.id],
    ]);
    expect(body<{ items: Profile[] }>(await guest.request('GET', '/api/v1/profiles')).data.items).toEqual([]);
    const row = await t.db.selectFrom('synastry_invites').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      accepted_by_user_id: guest.userId,
      accepted_at: t.clock.now().toISOString(),
      guest_profile_id: created?.id,
      report_id: report.id,
    });
  });

  it("trims the answer by the guest's entitlement: no deep access without membership", async () => {
    const { invite } = await hostWithInvite();
    const guest = await newUser(t.app);
    const report = body<GrowthReport>(await accept(guest, invite.token)).data;
    expect(report.has_deep_access).toBe(false);
    expect(report.detail?.sections.some((section) => section.locked)).toBe(true);
  });

  it('is accepted once: a second acceptance answers 409 and the invite shows as accepted', async () => {
    const { invite } = await hostWithInvite();
    const guest = await newUser(t.app);
    expect((await accept(guest, invite.token)).statusCode).toBe(200);
    expectError(await accept(guest, invite.token), 409, 40900);
    expectError(await accept(await newUser(t.app), invite.token), 409, 40900);
    const view = await guest.request('GET', `/api/v1/synastry/invites/${invite.token}`);
    expect(body<{ already_accepted: boolean }>(view).data.already_accepted).toBe(true);
    // An accepted invite stays accepted (409), never "gone", after its expiry.
    t.clock.advance(SEVEN_DAYS_MS);
    expectError(await accept(guest, invite.token), 409, 40900);
    expect(await countRows('reports')).toBe(1);
  });

  it('accepts exactly once under concurrent acceptances', async () => {
    const { invite } = await hostWithInvite();
    const guests = await Promise.all(Array.from({ length: 6 }, () => newUser(t.app)));
    const profilesBefore = await countRows('profiles');
    const responses = await Promise.all(guests.map((guest) => accept(guest, invite.token)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expectError(response, 409, 40900);
    expect(await countRows('profiles')).toBe(profilesBefore + 1);
    expect(await countRows('reports')).toBe(1);
  });

  it('answers 410 after expiry and 404 for an unknown token, creating nothing', async () => {
    const { invite } = await hostWithInvite();
    const guest = await newUser(t.app);
    const profilesBefore = await countRows('profiles');
    expectError(await accept(guest, 'unknown-token'), 404, 40400);
    t.clock.advance(SEVEN_DAYS_MS);
    expectError(await accept(guest, invite.token), 410, 41000);
    expect(await countRows('profiles')).toBe(profilesBefore);
    expect(await countRows('reports')).toBe(0);
  });

  it('validates birth data like profile creation, naming the field, and leaves the invite open', async () => {
    const { invite } = await hostWithInvite();
    const guest = await newUser(t.app);
    expect(expectError(await accept(guest, invite.token, { display_name: 'x' }), 400, 10001)).toContain(
      'body.birth_date',
    );
    const badDate = await accept(guest, invite.token, { birth_date: '1990-02-30' });
    expect(expectError(badDate, 400, 10001)).toContain('body.birth_date');
    const future = await accept(guest, invite.token, { birth_date: '2030-01-01' });
    expect(expectError(future, 400, 10001)).toContain('body.birth_date');
    const badTime = await accept(guest, invite.token, { birth_date: '1990-01-01', birth_time: '25:00' });
    expect(expectError(badTime, 400, 10001)).toContain('body.birth_time');
    const blankName = await accept(guest, invite.token, { birth_date: '1990-01-01', display_name: '  ' });
    expect(expectError(blankName, 400, 10001)).toContain('body.display_name');
    expect(await countRows('reports')).toBe(0);
    expect((await accept(guest, invite.token, { birth_date: '1990-01-01' })).statusCode).toBe(200);
  });

  it("names the guest's profile after a registered guest's nickname, else 对方", async () => {
    const first = await hostWithInvite();
    const anonymous = await newUser(t.app);
    await accept(anonymous, first.invite.token, { birth_date: '1991-01-01' });
    const second = await hostWithInvite();
    const registered = await newUser(t.app);
    await registered.register(undefined, undefined, '小雨');
    await accept(registered, second.invite.token, { birth_date: '1991-01-01' });
    const names = async (host: UserClient) =>
      body<{ items: Profile[] }>(await host.request('GET', '/api/v1/profiles'))
        .data.items.filter((p) => p.relation === 'other')
        .map((p) => p.display_name);
    expect(await names(first.host)).toEqual(['对方']);
    expect(await names(second.host)).toEqual(['小雨']);
  });

  it('refuses the host accepting their own invite', async () => {
    const { host, invite } = await hostWithInvite();
    expectError(await accept(host, invite.token), 400, 40000);
    expect(await countRows('reports')).toBe(0);
  });
});
