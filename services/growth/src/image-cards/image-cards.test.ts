import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { body, expectError, loginSuperAdmin, newUser, type UserClient } from '../../test/factories.ts';
import { extendMembership } from '../entitlements/membership-grants.ts';
import type { Profile } from '../profiles/profiles.mapper.ts';
import { drawFromSeed } from './card-draw.engine.ts';
import { listActiveDecks, listCardsOfDecks } from './card-decks.repository.ts';
import type { DrawResult } from './image-cards.schemas.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

// 2026-06-01T04:00Z is noon in Shanghai; Shanghai's next day starts at 16:00Z.
const SHANGHAI_MIDNIGHT = '2026-06-01T16:00:00.000Z';
const HAS_CHINESE = /[\u4e00-\u9fff]/;

async function drawer(): Promise<{ client: UserClient; profile: Profile }> {
  const client = await newUser(t.app);
  const response = await client.request('POST', '/api/v1/profiles', {
    relation: 'self',
    birth_date: '1993-09-09',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { client, profile: body<Profile>(response).data };
}

function draw(client: UserClient, payload: unknown) {
  return client.request('POST', '/api/v1/image-cards/draw', payload);
}

async function quotaOf(client: UserClient) {
  const response = await client.request('GET', '/api/v1/image-cards/quota');
  expect(response.statusCode, response.body).toBe(200);
  return body<{ remaining: number; daily_free: number; unlimited: boolean }>(response).data;
}

async function countRows(table: 'reports' | 'image_card_draws'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function makeMember(userId: string): Promise<void> {
  await t.db.transaction().execute((trx) =>
    extendMembership(trx, {
      userId,
      planCode: 'month',
      durationDays: 30,
      source: 'admin',
      sourceId: 'test',
      at: t.clock.now(),
    }),
  );
}

describe('GET /image-cards/scenes', () => {
  it('lists the scenes with Chinese labels', async () => {
    const client = await newUser(t.app);
    const response = await client.request('GET', '/api/v1/image-cards/scenes');
    expect(response.statusCode).toBe(200);
    const items = body<{ items: { key: string; label: string }[] }>(response).data.items;
    expect(items.map((scene) => scene.key)).toEqual(['self', 'relationship', 'career', 'emotion', 'daily']);
    for (const scene of items) {
      expect(Object.keys(scene).sort()).toEqual(['key', 'label']);
      expect(scene.label).toMatch(HAS_CHINESE);
    }
  });

  it('needs a device identity', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/image-cards/scenes' }), 401, 40100);
  });
});

describe('POST /image-cards/draw', () => {
  it('draws one card, stores it as an image_card report with a readable reflection, and spends one draw', async () => {
    const { client, profile } = await drawer();
    expect(await quotaOf(client)).toEqual({ remaining: 3, daily_free: 3, unlimited: false });
    const response = await draw(client, { profile_id: profile.id, scene: 'relationship' });
    expect(response.statusCode, response.body).toBe(200);
    const result = body<DrawResult>(response).data;
    expect(Object.keys(result).sort()).toEqual(['cards', 'quota', 'quota_left', 'report']);
    expect(result.quota_left).toBe(2);
    expect(result.quota).toEqual({ remaining: 2, daily_free: 3, unlimited: false });
    expect(result.cards).toHaveLength(1);
    const [card] = result.cards;
    expect(card).toMatchObject({ position: 'focus', position_label: '此刻' });
    expect(card?.title).toMatch(HAS_CHINESE);
    expect(card?.questions.length).toBeGreaterThan(0);
    expect(result.report).toMatchObject({
      type: 'image_card',
      user_id: client.userId,
      profile_id: profile.id,
      has_deep_access: false,
    });
    expect(result.report.summary).toMatchObject({ scene: 'relationship', depth: false, cards: result.cards });
    expect((result.report.summary.deck as { key: string }).key).toBe('relationship_mirror');
    expect(result.report.detail?.sections[0]).toMatchObject({ key: 'reflection', locked: false });

    const drawRow = await t.db.selectFrom('image_card_draws').selectAll().executeTakeFirstOrThrow();
    expect(drawRow).toMatchObject({
      report_id: result.report.id,
      user_id: client.userId,
      scene: 'relationship',
    });
    expect(JSON.parse(drawRow.card_keys_json)).toEqual([card?.key]);
    expect(await quotaOf(client)).toEqual({ remaining: 2, daily_free: 3, unlimited: false });
  });

  it('reproduces the stored cards from the stored seed', async () => {
    const { client, profile } = await drawer();
    const result = body<DrawResult>(
      await draw(client, { profile_id: profile.id, scene: 'self', depth: true }),
    ).data;
    const row = await t.db.selectFrom('image_card_draws').selectAll().executeTakeFirstOrThrow();
    expect(row.seed).toMatch(/^[0-9a-f]{32}$/);
    const decks = (await listActiveDecks(t.db)).filter((deck) =>
      JSON.parse(deck.scenes_json).includes('self'),
    );
    const cards = await listCardsOfDecks(
      t.db,
      decks.map((deck) => deck.id),
    );
    const replay = drawFromSeed(
      row.seed,
      decks.map((deck) => ({ id: deck.id, cards: cards.filter((card) => card.deck_id === deck.id) })),
      3,
    );
    expect(replay.deckId).toBe(row.deck_id);
    expect(replay.cards.map((card) => card.key)).toEqual(result.cards.map((card) => card.key));
  });

  it('lays three distinct cards for a depth draw and strips its reading without deep access', async () => {
    const { client, profile } = await drawer();
    const result = body<DrawResult>(
      await draw(client, { profile_id: profile.id, scene: 'career', depth: true }),
    ).data;
    expect(result.cards.map((card) => [card.position, card.position_label])).toEqual([
      ['present', '现在'],
      ['obstacle', '阻碍'],
      ['direction', '方向'],
    ]);
    expect(new Set(result.cards.map((card) => card.key)).size).toBe(3);
    expect(result.report.detail).toBeNull();
    expect(result.report.has_deep_access).toBe(false);
    expect(result.quota_left).toBe(2);
  });

  it('gives members the depth reading and unlimited draws', async () => {
    const { client, profile } = await drawer();
    await makeMember(client.userId!);
    const first = body<DrawResult>(await draw(client, { profile_id: profile.id, depth: true })).data;
    expect(first.report.has_deep_access).toBe(true);
    expect(first.report.detail?.sections.map((section) => section.key)).toEqual([
      'present',
      'obstacle',
      'direction',
      'synthesis',
    ]);
    for (let i = 0; i < 4; i++) {
      expect((await draw(client, { profile_id: profile.id })).statusCode).toBe(200);
    }
    expect((await quotaOf(client)).unlimited).toBe(true);
    expect(await countRows('image_card_draws')).toBe(5);
  });

  it('allows 3 free draws a Shanghai day: the 4th is 402 and stores nothing; the next day starts afresh', async () => {
    const { client, profile } = await drawer();
    for (let i = 0; i < 3; i++) expect((await draw(client, { profile_id: profile.id })).statusCode).toBe(200);
    expectError(await draw(client, { profile_id: profile.id }), 402, 40200);
    expectError(await draw(client, { profile_id: profile.id, depth: true }), 402, 40200);
    expect(await countRows('reports')).toBe(3);
    expect(await countRows('image_card_draws')).toBe(3);
    expect(await quotaOf(client)).toEqual({ remaining: 0, daily_free: 3, unlimited: false });

    t.clock.set(new Date(new Date(SHANGHAI_MIDNIGHT).getTime() - 1000));
    expectError(await draw(client, { profile_id: profile.id }), 402, 40200);
    t.clock.set(SHANGHAI_MIDNIGHT);
    expect(await quotaOf(client)).toEqual({ remaining: 3, daily_free: 3, unlimited: false });
    const next = body<DrawResult>(await draw(client, { profile_id: profile.id })).data;
    expect(next.quota_left).toBe(2);
    expect(await countRows('reports')).toBe(4);
  });

  it('never overspends under concurrency: 10 simultaneous draws with 3 free, exactly 3 succeed', async () => {
    const { client, profile } = await drawer();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => draw(client, { profile_id: profile.id, depth: i % 2 === 0 })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(7);
    for (const response of responses.filter((r) => r.statusCode === 402)) expectError(response, 402, 40200);
    expect(await countRows('reports')).toBe(3);
    expect(await countRows('image_card_draws')).toBe(3);
    expect(await quotaOf(client)).toEqual({ remaining: 0, daily_free: 3, unlimited: false });
  });

  it("answers 404 for another account's profile and spends nothing", async () => {
    const { profile } = await drawer();
    const stranger = await newUser(t.app);
    expectError(await draw(stranger, { profile_id: profile.id }), 404, 40400);
    expect(await quotaOf(stranger)).toEqual({ remaining: 3, daily_free: 3, unlimited: false });
    expect(await countRows('reports')).toBe(0);
  });

  it('answers 400 naming the field for bad input and spends nothing', async () => {
    const { client, profile } = await drawer();
    expect(expectError(await draw(client, { scene: 'self' }), 400, 10001)).toContain('body.profile_id');
    expect(
      expectError(await draw(client, { profile_id: profile.id, scene: 'fortune' }), 400, 10001),
    ).toContain('body.scene');
    expect(expectError(await draw(client, { profile_id: profile.id, depth: 'yes' }), 400, 10001)).toContain(
      'body.depth',
    );
    expect(await quotaOf(client)).toEqual({ remaining: 3, daily_free: 3, unlimited: false });
  });

  it('answers 503 without spending when every deck is disabled', async () => {
    const { client, profile } = await drawer();
    const admin = await loginSuperAdmin(t.app);
    for (const deck of await listActiveDecks(t.db)) {
      expect((await admin.request('POST', `/api/v1/admin/cards/decks/${deck.id}/disable`)).statusCode).toBe(
        200,
      );
    }
    expectError(await draw(client, { profile_id: profile.id }), 503, 50300);
    expect(await quotaOf(client)).toEqual({ remaining: 3, daily_free: 3, unlimited: false });
  });
});
