import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, newUser, type UserClient } from '../../test/factories.ts';
import type { Profile } from '../profiles/profiles.mapper.ts';
import type { RelationInsight } from './synastry.schemas.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

async function createProfile(client: UserClient, payload: Record<string, unknown>): Promise<Profile> {
  const response = await client.request('POST', '/api/v1/profiles', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<Profile>(response).data;
}

async function coupleOf(client: UserClient): Promise<{ self: Profile; partner: Profile }> {
  const self = await createProfile(client, {
    relation: 'self',
    birth_date: '1990-05-17',
    birth_time: '08:30',
    birth_place: '北京',
    display_name: '我',
  });
  const partner = await createProfile(client, {
    relation: 'other',
    birth_date: '1991-11-02',
    birth_time: '19:10',
    birth_place: '成都',
    display_name: '阿哲',
    relation_type: '伴侣',
  });
  return { self, partner };
}

function insight(client: UserClient, payload: unknown) {
  return client.request('POST', '/api/v1/relation/insight', payload);
}

const HAS_CHINESE = /[\u4e00-\u9fff]/;

describe('POST /relation/insight', () => {
  it('answers a Chinese insight from the two charts and stores it as a relation_insight report', async () => {
    const client = await newUser(t.app);
    const { self, partner } = await coupleOf(client);
    const response = await insight(client, { profile_a_id: self.id, profile_b_id: partner.id });
    expect(response.statusCode, response.body).toBe(200);
    const data = body<RelationInsight>(response).data;
    expect(Object.keys(data).sort()).toEqual([
      'challenges',
      'communication_tips',
      'headline',
      'indexes',
      'profile_a_id',
      'profile_b_id',
      'relation_type',
      'report_id',
      'strengths',
      'summary',
    ]);
    expect(data).toMatchObject({ profile_a_id: self.id, profile_b_id: partner.id, relation_type: '伴侣' });
    for (const value of Object.values(data.indexes)) {
      expect(Number.isInteger(value) && value >= 0 && value <= 100).toBe(true);
    }
    expect(data.summary).toMatch(HAS_CHINESE);
    expect(data.summary).toContain('阿哲');
    expect(data.strengths.length + data.challenges.length).toBeGreaterThan(0);
    for (const point of [...data.strengths, ...data.challenges]) {
      expect(point.key).toMatch(/^[a-z_]+-[a-z_]+\.(conjunction|opposition|trine|square|sextile)$/);
      expect(point.text).toMatch(HAS_CHINESE);
    }
    expect(data.communication_tips).toHaveLength(3);

    const stored = await t.db.selectFrom('reports').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: data.report_id,
      user_id: client.userId,
      profile_id: self.id,
      profile_b_id: partner.id,
      type: 'relation_insight',
    });
    const { report_id: _reportId, ...withoutReport } = data;
    expect(JSON.parse(stored[0]!.summary_json)).toEqual(withoutReport);
  });

  it('is deterministic: the same two people give the same insight', async () => {
    const client = await newUser(t.app);
    const { self, partner } = await coupleOf(client);
    const first = body<RelationInsight>(
      await insight(client, { profile_a_id: self.id, profile_b_id: partner.id }),
    );
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    const second = body<RelationInsight>(
      await insight(client, { profile_a_id: self.id, profile_b_id: partner.id }),
    );
    const { report_id: firstId, ...firstContent } = first.data;
    const { report_id: secondId, ...secondContent } = second.data;
    expect(secondContent).toEqual(firstContent);
    expect(secondId).not.toBe(firstId);
  });

  it("answers 404 when either profile is another account's, and stores nothing", async () => {
    const owner = await newUser(t.app);
    const { self, partner } = await coupleOf(owner);
    const stranger = await newUser(t.app);
    const own = await createProfile(stranger, { relation: 'self', birth_date: '1988-08-08' });
    expectError(await insight(stranger, { profile_a_id: own.id, profile_b_id: partner.id }), 404, 40400);
    expectError(await insight(stranger, { profile_a_id: self.id, profile_b_id: own.id }), 404, 40400);
    expect(await t.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('answers 400 naming the field for missing, malformed or identical ids', async () => {
    const client = await newUser(t.app);
    const { self } = await coupleOf(client);
    expect(expectError(await insight(client, { profile_a_id: self.id }), 400, 10001)).toContain(
      'body.profile_b_id',
    );
    expect(
      expectError(await insight(client, { profile_a_id: 'x', profile_b_id: self.id }), 400, 10001),
    ).toContain('body.profile_a_id');
    expect(
      expectError(await insight(client, { profile_a_id: self.id, profile_b_id: self.id }), 400, 10001),
    ).toContain('body.profile_b_id');
  });
});
