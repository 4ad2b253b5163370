import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { isUniqueViolation } from '../db/sql-errors.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import {
  countCardsByDeck,
  findDeckById,
  insertDeck,
  listActiveDecks,
  listCardsOfDecks,
  listDecksPage,
  maxDeckSort,
  replaceDeckCards,
  updateDeck,
  type CardRecord,
  type DeckRecord,
} from './card-decks.repository.ts';
import type {
  AdminDeck,
  AdminDeckSummary,
  Card,
  CreateDeckBody,
  PublicDeck,
  UpdateDeckBody,
} from './card-decks.schemas.ts';
import { toAdminDeck, toAdminDeckSummary, toPublicDeck } from './image-cards.mapper.ts';

const SORT_STEP = 10;

export interface CardDecksServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** Card keys identify cards in stored draws, so they must be unique within a deck. */
function checkUniqueKeys(cards: readonly Card[]): void {
  const seen = new Set<string>();
  for (const [index, card] of cards.entries()) {
    if (seen.has(card.key)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body.cards[${index}].key repeats another card's key: ${card.key}`,
      );
    }
    seen.add(card.key);
  }
}

function cardRecords(deckId: string, cards: readonly Card[]): CardRecord[] {
  return cards.map((card, index) => ({
    id: randomUUID(),
    deck_id: deckId,
    key: card.key,
    title: card.title,
    image_prompt: card.image_prompt,
    description: card.description,
    questions_json: JSON.stringify(card.questions),
    sort: index + 1,
  }));
}

/** What the audit log keeps of a deck: its settings and card keys (the texts are in the deck itself). */
function auditView(deck: AdminDeck): Record<string, unknown> {
  return {
    key: deck.key,
    title: deck.title,
    description: deck.description,
    scenes: deck.scenes,
    sort: deck.sort,
    active: deck.active,
    card_keys: deck.cards.map((card) => card.key),
  };
}

export class CardDecksService {
  constructor(private readonly options: CardDecksServiceOptions) {}

  /** GET /cards/decks: the active decks with their cards, in display order. */
  async listPublic(): Promise<PublicDeck[]> {
    const { db } = this.options;
    const decks = await listActiveDecks(db);
    const cards = await listCardsOfDecks(
      db,
      decks.map((deck) => deck.id),
    );
    return decks.map((deck) =>
      toPublicDeck(
        deck,
        cards.filter((card) => card.deck_id === deck.id),
      ),
    );
  }

  async listForAdmin(page: PageQuery): Promise<Page<AdminDeckSummary>> {
    const { db } = this.options;
    const { rows, total } = await listDecksPage(db, page.limit, page.offset);
    const counts = await countCardsByDeck(
      db,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => toAdminDeckSummary(row, counts.get(row.id) ?? 0)), total };
  }

  async getForAdmin(id: string): Promise<AdminDeck> {
    return this.loadAdminDeck(this.options.db, id);
  }

  async create(actor: AdminActor, body: CreateDeckBody): Promise<AdminDeck> {
    checkUniqueKeys(body.cards);
    const at = this.options.clock.now().toISOString();
    try {
      return await this.options.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        const record: DeckRecord = {
          id,
          key: body.key,
          title: body.title,
          description: body.description,
          scenes_json: JSON.stringify(body.scenes),
          sort: body.sort ?? (await maxDeckSort(trx)) + SORT_STEP,
          active: 0,
          created_at: at,
          updated_at: at,
        };
        await insertDeck(trx, record);
        await replaceDeckCards(trx, id, cardRecords(id, body.cards));
        const created = await this.loadAdminDeck(trx, id);
        await recordAudit(trx, {
          adminId: actor.adminId,
          action: 'image_card_deck.create',
          targetType: 'image_card_deck',
          targetId: id,
          after: auditView(created),
          clientAddress: actor.clientAddress,
          at,
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `body.key is taken: ${body.key}`);
      throw error;
    }
  }

  async update(actor: AdminActor, id: string, body: UpdateDeckBody): Promise<AdminDeck> {
    checkUniqueKeys(body.cards);
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await this.loadAdminDeck(trx, id);
      await updateDeck(trx, id, {
        title: body.title,
        description: body.description,
        scenes_json: JSON.stringify(body.scenes),
        sort: body.sort ?? before.sort,
        updated_at: at,
      });
      await replaceDeckCards(trx, id, cardRecords(id, body.cards));
      const after = await this.loadAdminDeck(trx, id);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'image_card_deck.update',
        targetType: 'image_card_deck',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
        clientAddress: actor.clientAddress,
        at,
      });
      return after;
    });
  }

  /** Enabling or disabling is idempotent; each call is audited all the same, as the operator did act. */
  async setActive(actor: AdminActor, id: string, active: boolean): Promise<AdminDeck> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findDeckById(trx, id);
      if (!before) throw notFound('image-card deck');
      await updateDeck(trx, id, { active: active ? 1 : 0, updated_at: at });
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: active ? 'image_card_deck.enable' : 'image_card_deck.disable',
        targetType: 'image_card_deck',
        targetId: id,
        before: { active: Number(before.active) === 1 },
        after: { active },
        clientAddress: actor.clientAddress,
        at,
      });
      return this.loadAdminDeck(trx, id);
    });
  }

  private async loadAdminDeck(db: DbExecutor, id: string): Promise<AdminDeck> {
    const deck = await findDeckById(db, id);
    if (!deck) throw notFound('image-card deck');
    return toAdminDeck(deck, await listCardsOfDecks(db, [id]));
  }
}
