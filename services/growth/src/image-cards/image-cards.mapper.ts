import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { CardRecord, DeckRecord } from './card-decks.repository.ts';
import type { AdminDeck, AdminDeckSummary, Card, PublicDeck } from './card-decks.schemas.ts';

const StoredStrings = Type.Array(Type.String());

/** JSON text columns written only by this feature; a mismatch means a corrupted row, not bad input. */
function readStrings(json: string, what: string): string[] {
  const parsed: unknown = JSON.parse(json);
  if (!Value.Check(StoredStrings, parsed)) throw new Error(`${what} holds malformed JSON`);
  return parsed;
}

export function deckScenes(deck: DeckRecord): string[] {
  return readStrings(deck.scenes_json, `image_card_decks ${deck.id}.scenes_json`);
}

export function toCard(card: CardRecord): Card {
  return {
    key: card.key,
    title: card.title,
    image_prompt: card.image_prompt,
    description: card.description,
    questions: readStrings(card.questions_json, `image_card_cards ${card.id}.questions_json`),
  };
}

export function toPublicDeck(deck: DeckRecord, cards: CardRecord[]): PublicDeck {
  return {
    id: deck.id,
    key: deck.key,
    title: deck.title,
    description: deck.description,
    scenes: deckScenes(deck),
    cards: cards.map(toCard),
  };
}

export function toAdminDeckSummary(deck: DeckRecord, cardCount: number): AdminDeckSummary {
  return {
    id: deck.id,
    key: deck.key,
    title: deck.title,
    description: deck.description,
    scenes: deckScenes(deck),
    sort: Number(deck.sort),
    active: Number(deck.active) === 1,
    card_count: cardCount,
    created_at: deck.created_at,
    updated_at: deck.updated_at,
  };
}

export function toAdminDeck(deck: DeckRecord, cards: CardRecord[]): AdminDeck {
  return { ...toAdminDeckSummary(deck, cards.length), cards: cards.map(toCard) };
}
