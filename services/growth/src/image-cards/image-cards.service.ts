import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import type { Entitlements, ImageCardQuota } from '../entitlements/entitlements.ts';
import { AppError } from '../errors/app-error.ts';
import { findOwnedProfile } from '../profiles/profile-ownership.ts';
import type { ReportDetail } from '../reports/report-detail.ts';
import { toGrowthReport } from '../reports/reports.mapper.ts';
import { storeReport } from '../reports/reports.repository.ts';
import { drawFromSeed } from './card-draw.engine.ts';
import {
  listActiveDecks,
  listCardsOfDecks,
  type CardRecord,
  type DeckRecord,
} from './card-decks.repository.ts';
import { insertDraw } from './image-card-draws.repository.ts';
import {
  DEFAULT_SCENE,
  DEPTH_SPREAD,
  IMAGE_CARD_SCENES,
  isSceneKey,
  sceneOf,
  SINGLE_SPREAD,
  type ImageCardSceneKey,
  type SpreadPosition,
} from './image-card-scenes.ts';
import { deckScenes, toCard } from './image-cards.mapper.ts';
import type { DrawBody, DrawnCard, DrawResult, ImageCardScene } from './image-cards.schemas.ts';

/** 128 random bits per draw: the draw is unpredictable, and replayable from the stored seed. */
const SEED_BYTES = 16;

export interface ImageCardsServiceOptions {
  db: GrowthDb;
  clock: Clock;
  entitlements: Pick<Entitlements, 'getImageCardQuota' | 'spendImageCardDraw' | 'hasDeepAccess'>;
}

interface DeckWithCards {
  deck: DeckRecord;
  cards: CardRecord[];
}

function drawnCard(position: SpreadPosition, card: CardRecord): DrawnCard {
  return { position: position.key, position_label: position.label, ...toCard(card) };
}

function questionLines(card: DrawnCard): string[] {
  return card.questions.map((question) => `· ${question}`);
}

/**
 * A single card's reflection is free to read (a preview section); a depth spread's reading is all deep content,
 * so without deep access its detail is null (decisions: entitlement).
 */
function buildDetail(cards: DrawnCard[], depth: boolean): ReportDetail {
  if (!depth) {
    const [card] = cards;
    return {
      sections: card
        ? [
            {
              key: 'reflection',
              title: '觉察引导',
              preview: true,
              paragraphs: [
                `「${card.title}」：${card.description}`,
                '先别急着找答案。看着这张卡，留意你第一眼注意到了什么、心里升起了什么感觉，再慢慢回答：',
                ...questionLines(card),
              ],
              data: { card_key: card.key },
            },
          ]
        : [],
    };
  }
  const [present, obstacle, direction] = cards;
  const sections: ReportDetail['sections'] = cards.map((card, index) => ({
    key: card.position,
    title: `${card.position_label}·${card.title}`,
    paragraphs: [`${DEPTH_SPREAD[index]?.guide ?? ''}${card.description}`, ...questionLines(card)],
    data: { card_key: card.key },
  }));
  if (present && obstacle && direction) {
    sections.push({
      key: 'synthesis',
      title: '把三张卡连起来看',
      paragraphs: [
        `从「${present.title}」出发，这是你现在的位置；「${obstacle.title}」提醒你留意正在消耗你、让你犹豫的东西；「${direction.title}」指向一个可以靠近的状态。`,
        '试着用一句话把三张卡串成一个小故事，写下来。故事里最打动你的那个词，也许就是此刻最需要被你看见的东西。',
        '这些卡片是自我觉察的工具，不是预言，也不替代专业的心理支持。',
      ],
    });
  }
  return { sections };
}

export class ImageCardsService {
  constructor(private readonly options: ImageCardsServiceOptions) {}

  listScenes(): ImageCardScene[] {
    return IMAGE_CARD_SCENES.map((scene) => ({ key: scene.key, label: scene.label }));
  }

  async getQuota(userId: string): Promise<ImageCardQuota> {
    return this.options.entitlements.getImageCardQuota(this.options.db, userId, this.options.clock.now());
  }

  /**
   * Draws one card (or a three-card spread with `depth`) for one of the caller's profiles. The draw is spent and
   * stored in one transaction: the spend is a conditional update, so concurrent draws never exceed the day's free
   * draws, and a refused spend (402) rolls everything back, leaving no report and no draw row.
   */
  async draw(userId: string, body: DrawBody): Promise<DrawResult> {
    const { db, clock, entitlements } = this.options;
    const profile = await findOwnedProfile(db, userId, body.profile_id);
    const scene = body.scene ?? DEFAULT_SCENE;
    // The schema allows only scene keys; this narrows the type and guards a schema that drifts.
    if (!isSceneKey(scene)) throw new AppError('VALIDATION_FAILED', 'body.scene is not an image-card scene');
    const depth = body.depth ?? false;
    const spread: readonly SpreadPosition[] = depth ? DEPTH_SPREAD : SINGLE_SPREAD;
    const decks = await this.drawableDecks(scene, spread.length);
    const seed = randomBytes(SEED_BYTES).toString('hex');
    const picked = drawFromSeed(
      seed,
      decks.map(({ deck, cards }) => ({ id: deck.id, cards })),
      spread.length,
    );
    const deck = decks.find((candidate) => candidate.deck.id === picked.deckId)?.deck;
    if (!deck) throw new Error('drawn deck is not among the candidates');
    const cards = spread.map((position, index) => {
      const card = picked.cards[index];
      if (!card) throw new Error('the draw returned fewer cards than the spread has positions');
      return drawnCard(position, card);
    });
    const sceneInfo = sceneOf(scene);

    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const quota = await entitlements.spendImageCardDraw(trx, userId, now);
      const record = await storeReport(trx, {
        userId,
        profileId: profile.id,
        type: 'image_card',
        summary: {
          scene,
          scene_label: sceneInfo.label,
          question: sceneInfo.prompt,
          depth,
          deck: { id: deck.id, key: deck.key, title: deck.title },
          cards,
        },
        detail: buildDetail(cards, depth),
        at: now,
      });
      await insertDraw(trx, {
        id: randomUUID(),
        user_id: userId,
        profile_id: profile.id,
        report_id: record.id,
        scene,
        depth: depth ? 1 : 0,
        deck_id: deck.id,
        seed,
        card_keys_json: JSON.stringify(cards.map((card) => card.key)),
        created_at: now.toISOString(),
      });
      const deep = await entitlements.hasDeepAccess(trx, userId, record.id, now);
      return { report: toGrowthReport(record, deep), cards, quota_left: quota.remaining, quota };
    });
  }

  /**
   * Active decks drawn for the scene, each with enough cards for the spread; when no deck serves the scene, any
   * active deck does (better a card than no card). None at all: 503, and nothing is spent.
   */
  private async drawableDecks(scene: ImageCardSceneKey, cardsNeeded: number): Promise<DeckWithCards[]> {
    const { db } = this.options;
    const decks = await listActiveDecks(db);
    const cards = await listCardsOfDecks(
      db,
      decks.map((deck) => deck.id),
    );
    const usable = decks
      .map((deck) => ({ deck, cards: cards.filter((card) => card.deck_id === deck.id) }))
      .filter((entry) => entry.cards.length >= cardsNeeded);
    const forScene = usable.filter((entry) => deckScenes(entry.deck).includes(scene));
    const chosen = forScene.length > 0 ? forScene : usable;
    if (chosen.length === 0) throw new AppError('UNAVAILABLE', 'no image-card deck is available');
    return chosen;
  }
}
