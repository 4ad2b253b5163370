import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  body,
  expectError,
  loginSuperAdmin,
  newAdminWith,
  newUser,
  type AdminClient,
} from '../../test/factories.ts';
import type { Profile } from '../profiles/profiles.mapper.ts';
import type { AdminDeck, AdminDeckSummary, PublicDeck } from './card-decks.schemas.ts';
import { SEED_DECKS, seedImageCardDecks } from './decks/seed-decks.ts';
import type { DrawResult } from './image-cards.schemas.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

const HAS_CHINESE = /[\u4e00-\u9fff]/;
const MIN_SHIPPED_CARDS = 40;

function newDeckBody(key = 'daily_light') {
  return {
    key,
    title: '日常微光卡',
    description: '测试用的小牌组',
    scenes: ['daily'],
    cards: [
      { key: 'one', title: '一', image_prompt: '一盏灯', description: '微光', questions: ['你看到了什么？'] },
      { key: 'two', title: '二', image_prompt: '两扇窗', description: '开阔', questions: ['你想到了谁？'] },
      { key: 'three', title: '三', image_prompt: '三条路', description: '选择', questions: ['你想走哪条？'] },
    ],
  };
}

async function publicDecks(): Promise<PublicDeck[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/cards/decks' });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ items: PublicDeck[] }>(response).data.items;
}

async function auditActions(): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_logs')
    .select('action')
    .where('target_type', '=', 'image_card_deck')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.action);
}

async function createDeck(admin: AdminClient, payload: unknown = newDeckBody()): Promise<AdminDeck> {
  const response = await admin.request('POST', '/api/v1/admin/cards/decks', payload);
  expect(response.statusCode, response.body).toBe(200);
  return body<AdminDeck>(response).data;
}

describe('GET /cards/decks', () => {
  it('lists the shipped decks publicly: at least 40 cards each, all in Chinese', async () => {
    const decks = await publicDecks();
    expect(decks.map((deck) => deck.key)).toEqual(SEED_DECKS.map((deck) => deck.key));
    for (const deck of decks) {
      expect(Object.keys(deck).sort()).toEqual(['cards', 'description', 'id', 'key', 'scenes', 'title']);
      expect(deck.title).toMatch(HAS_CHINESE);
      expect(deck.cards.length).toBeGreaterThanOrEqual(MIN_SHIPPED_CARDS);
      expect(new Set(deck.cards.map((card) => card.key)).size).toBe(deck.cards.length);
      for (const card of deck.cards) {
        expect(card.title).toMatch(HAS_CHINESE);
        expect(card.image_prompt).toMatch(HAS_CHINESE);
        expect(card.description).toMatch(HAS_CHINESE);
        expect(card.questions.length).toBeGreaterThan(0);
        for (const question of card.questions) expect(question).toMatch(HAS_CHINESE);
      }
    }
  });

  it('seeds idempotently: seeding again adds nothing and keeps an operator edit', async () => {
    const [deck] = await publicDecks();
    await t.db
      .updateTable('image_card_decks')
      .set({ title: '改过的标题' })
      .where('id', '=', deck!.id)
      .execute();
    const countCards = async () =>
      Number(
        (
          await t.db
            .selectFrom('image_card_cards')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countCards();
    await seedImageCardDecks(t.db, t.clock.now().toISOString());
    expect(await countCards()).toBe(before);
    expect((await publicDecks())[0]?.title).toBe('改过的标题');
  });
});

describe('admin image-card decks', () => {
  it('lists and reads decks with admin.cms.read, answering 403 without it and 401 without a session', async () => {
    const reader = await newAdminWith(t, ['admin.cms.read']);
    const list = await reader.request('GET', '/api/v1/admin/cards/decks?limit=1');
    expect(list.statusCode, list.body).toBe(200);
    const page = body<{ items: AdminDeckSummary[]; total: number }>(list).data;
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ key: SEED_DECKS[0]!.key, active: true });
    expect(page.items[0]!.card_count).toBeGreaterThanOrEqual(MIN_SHIPPED_CARDS);

    const detail = await reader.request('GET', `/api/v1/admin/cards/decks/${page.items[0]!.id}`);
    expect(body<AdminDeck>(detail).data.cards).toHaveLength(page.items[0]!.card_count);
    expectError(await reader.request('GET', '/api/v1/admin/cards/decks/unknown-id'), 404, 40400);

    const outsider = await newAdminWith(t, ['admin.users.read']);
    expectError(await outsider.request('GET', '/api/v1/admin/cards/decks'), 403, 40300);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/admin/cards/decks' }), 401, 40101);
  });

  it('creates a deck disabled, shows it publicly once enabled, and audits each write', async () => {
    const editor = await newAdminWith(t, ['admin.cms.read', 'admin.cms.write']);
    const created = await createDeck(editor);
    expect(created).toMatchObject({ key: 'daily_light', active: false, card_count: 3, scenes: ['daily'] });
    expect((await publicDecks()).map((deck) => deck.key)).not.toContain('daily_light');

    const enabled = await editor.request('POST', `/api/v1/admin/cards/decks/${created.id}/enable`);
    expect(body<AdminDeck>(enabled).data.active).toBe(true);
    expect((await publicDecks()).map((deck) => deck.key)).toContain('daily_light');

    const disabled = await editor.request('POST', `/api/v1/admin/cards/decks/${created.id}/disable`);
    expect(body<AdminDeck>(disabled).data.active).toBe(false);
    expect((await publicDecks()).map((deck) => deck.key)).not.toContain('daily_light');
    expect(await auditActions()).toEqual([
      'image_card_deck.create',
      'image_card_deck.enable',
      'image_card_deck.disable',
    ]);
    const entry = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'image_card_deck.create')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ admin_id: editor.adminId, target_id: created.id });
  });

  it('replaces a deck with PUT, keeping past draws as they were shown', async () => {
    const admin = await loginSuperAdmin(t.app);
    const deck = await createDeck(admin, { ...newDeckBody(), scenes: ['career'] });
    await admin.request('POST', `/api/v1/admin/cards/decks/${deck.id}/enable`);
    // Only this deck serves `career` now that the shipped one is off for the test.
    const shipped = (await publicDecks()).find((candidate) => candidate.scenes.includes('career'));
    await admin.request('POST', `/api/v1/admin/cards/decks/${shipped!.id}/disable`);

    const user = await newUser(t.app);
    const profile = body<Profile>(
      await user.request('POST', '/api/v1/profiles', { relation: 'self', birth_date: '1990-01-01' }),
    ).data;
    const drawn = body<DrawResult>(
      await user.request('POST', '/api/v1/image-cards/draw', { profile_id: profile.id, scene: 'career' }),
    ).data;
    expect(['one', 'two', 'three']).toContain(drawn.cards[0]?.key);

    const replacement = {
      title: '新的标题',
      description: '换了一套卡',
      scenes: ['career', 'self'],
      cards: [
        { key: 'x1', title: '甲', image_prompt: '山', description: '高', questions: ['甲？'] },
        { key: 'x2', title: '乙', image_prompt: '水', description: '远', questions: ['乙？'] },
        { key: 'x3', title: '丙', image_prompt: '云', description: '轻', questions: ['丙？'] },
        { key: 'x4', title: '丁', image_prompt: '风', description: '动', questions: ['丁？'] },
      ],
    };
    const put = await admin.request('PUT', `/api/v1/admin/cards/decks/${deck.id}`, replacement);
    expect(put.statusCode, put.body).toBe(200);
    expect(body<AdminDeck>(put).data).toMatchObject({
      key: 'daily_light',
      title: '新的标题',
      scenes: ['career', 'self'],
      card_count: 4,
      active: true,
    });
    const report = await t.db
      .selectFrom('reports')
      .select('summary_json')
      .where('id', '=', drawn.report.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(report.summary_json).cards).toEqual(drawn.cards);
    const update = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'image_card_deck.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(update.before_json!)).toMatchObject({
      title: '日常微光卡',
      card_keys: ['one', 'two', 'three'],
    });
    expect(JSON.parse(update.after_json!)).toMatchObject({
      title: '新的标题',
      card_keys: ['x1', 'x2', 'x3', 'x4'],
    });
    expectError(await admin.request('PUT', '/api/v1/admin/cards/decks/unknown-id', replacement), 404, 40400);
  });

  it('refuses bad decks with 400 naming the field, a taken key with 409, and writes without admin.cms.write', async () => {
    const admin = await loginSuperAdmin(t.app);
    await createDeck(admin);
    expectError(await admin.request('POST', '/api/v1/admin/cards/decks', newDeckBody()), 409, 40900);

    const twoCards = { ...newDeckBody('small'), cards: newDeckBody().cards.slice(0, 2) };
    expect(
      expectError(await admin.request('POST', '/api/v1/admin/cards/decks', twoCards), 400, 10001),
    ).toContain('body.cards');
    const repeated = newDeckBody('repeated');
    repeated.cards[2] = { ...repeated.cards[2]!, key: 'one' };
    expect(
      expectError(await admin.request('POST', '/api/v1/admin/cards/decks', repeated), 400, 10001),
    ).toContain('body.cards[2].key');
    const badScene = { ...newDeckBody('bad_scene'), scenes: ['fortune'] };
    expect(
      expectError(await admin.request('POST', '/api/v1/admin/cards/decks', badScene), 400, 10001),
    ).toContain('body.scenes');

    const reader = await newAdminWith(t, ['admin.cms.read']);
    expectError(
      await reader.request('POST', '/api/v1/admin/cards/decks', newDeckBody('reader_deck')),
      403,
      40300,
    );
    const [shipped] = await publicDecks();
    expectError(await reader.request('POST', `/api/v1/admin/cards/decks/${shipped!.id}/disable`), 403, 40300);
    expect((await publicDecks()).map((deck) => deck.id)).toContain(shipped!.id);
    const count = await t.db
      .selectFrom('image_card_decks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
    expect(await auditActions()).toEqual(['image_card_deck.create']);
  });
});
