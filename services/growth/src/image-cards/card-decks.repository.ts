import type { Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { ImageCardCardsTable, ImageCardDecksTable } from './image-cards.tables.ts';

export type DeckRecord = Selectable<ImageCardDecksTable>;
export type CardRecord = Selectable<ImageCardCardsTable>;

export async function listActiveDecks(db: DbExecutor): Promise<DeckRecord[]> {
  return db
    .selectFrom('image_card_decks')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('key')
    .execute();
}

export async function listDecksPage(
  db: DbExecutor,
  limit: number,
  offset: number,
): Promise<{ rows: DeckRecord[]; total: number }> {
  const rows = await db
    .selectFrom('image_card_decks')
    .selectAll()
    .orderBy('sort')
    .orderBy('key')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('image_card_decks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export async function findDeckById(db: DbExecutor, id: string): Promise<DeckRecord | undefined> {
  return db.selectFrom('image_card_decks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The cards of the given decks, in deck order (sort, then key): the order draws are reproduced in. */
export async function listCardsOfDecks(db: DbExecutor, deckIds: readonly string[]): Promise<CardRecord[]> {
  if (deckIds.length === 0) return [];
  return db
    .selectFrom('image_card_cards')
    .selectAll()
    .where('deck_id', 'in', deckIds)
    .orderBy('deck_id')
    .orderBy('sort')
    .orderBy('key')
    .execute();
}

export async function countCardsByDeck(
  db: DbExecutor,
  deckIds: readonly string[],
): Promise<Map<string, number>> {
  if (deckIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('image_card_cards')
    .select(['deck_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deck_id', 'in', deckIds)
    .groupBy('deck_id')
    .execute();
  return new Map(rows.map((row) => [row.deck_id, Number(row.n)]));
}

export async function insertDeck(db: DbExecutor, record: DeckRecord): Promise<void> {
  await db.insertInto('image_card_decks').values(record).execute();
}

export async function updateDeck(
  db: DbExecutor,
  id: string,
  changes: Partial<Omit<DeckRecord, 'id' | 'key' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('image_card_decks').set(changes).where('id', '=', id).execute();
}

/** Replaces every card of a deck (the caller runs it inside the deck's transaction). */
export async function replaceDeckCards(db: DbExecutor, deckId: string, cards: CardRecord[]): Promise<void> {
  await db.deleteFrom('image_card_cards').where('deck_id', '=', deckId).execute();
  if (cards.length > 0) await db.insertInto('image_card_cards').values(cards).execute();
}

/** The highest `sort` of any deck (0 when there is none): a new deck goes after it. */
export async function maxDeckSort(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('image_card_decks')
    .select((eb) => eb.fn.max('sort').as('max_sort'))
    .executeTakeFirst();
  return Number(row?.max_sort ?? 0);
}
