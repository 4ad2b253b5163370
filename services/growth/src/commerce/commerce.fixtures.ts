import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { body, type UserClient } from '../../test/factories.ts';
import type { OrderView } from './commerce.mapper.ts';

/** Test-only helpers for the commerce tests: rows other features own, and counts that prove what was granted. */

/** A report of the account, written straight to the reports feature's table (a profile first, as it requires). */
export async function insertReportOf(t: TestApp, userId: string): Promise<string> {
  const at = t.clock.now().toISOString();
  const profileId = randomUUID();
  await t.db
    .insertInto('profiles')
    .values({
      id: profileId,
      user_id: userId,
      relation: 'other',
      display_name: '测试',
      birth_date: '1990-01-01',
      birth_time: null,
      birth_place: null,
      gender: null,
      relation_type: null,
      geo_lat: null,
      geo_lng: null,
      geo_visible: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const reportId = randomUUID();
  await t.db
    .withTables<{
      reports: {
        id: string;
        user_id: string;
        profile_id: string;
        type: string;
        summary_json: string;
        created_at: string;
      };
    }>()
    .insertInto('reports')
    .values({
      id: reportId,
      user_id: userId,
      profile_id: profileId,
      type: 'star',
      summary_json: '{}',
      created_at: at,
    })
    .execute();
  return reportId;
}

export async function createOrder(user: UserClient, payload: Record<string, unknown>): Promise<OrderView> {
  const response = await user.request('POST', '/api/v1/orders', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<OrderView>(response).data;
}

/** Everything that can have been granted to an account, to compare before and after a refused request. */
export async function holdingsOf(t: TestApp, userId: string) {
  const [membership, grants, credits, deepAccess, paidEvents] = await Promise.all([
    t.db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    t.db.selectFrom('membership_grants').select('id').where('user_id', '=', userId).execute(),
    t.db.selectFrom('ask_credit_balances').select('credits').where('user_id', '=', userId).executeTakeFirst(),
    t.db.selectFrom('deep_access_grants').select('report_id').where('user_id', '=', userId).execute(),
    t.db
      .selectFrom('analytics_events')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', 'order_paid')
      .execute(),
  ]);
  return {
    membershipExpiresAt: membership?.expires_at ?? null,
    membershipGrants: grants.length,
    packCredits: Number(credits?.credits ?? 0),
    deepAccessReports: deepAccess.map((row) => row.report_id).sort(),
    orderPaidEvents: paidEvents.length,
  };
}
