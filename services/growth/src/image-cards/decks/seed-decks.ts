import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { stableUuid } from '../../scales/stable-uuid.ts';
import type { DeckContent } from './deck-content.ts';
import { INNER_LANDSCAPE_DECK } from './inner-landscape.deck.ts';
import { RELATIONSHIP_MIRROR_DECK } from './relationship-mirror.deck.ts';

/** The decks a fresh database starts with. */
export const SEED_DECKS: readonly DeckContent[] = [INNER_LANDSCAPE_DECK, RELATIONSHIP_MIRROR_DECK];
const SORT_STEP = 10;

export function seededDeckId(deckKey: string): string {
  return stableUuid(`image_card:deck:${deckKey}`);
}

export function seededCardId(deckKey: string, cardKey: string): string {
  return stableUuid(`image_card:card:${deckKey}:${cardKey}`);
}

/**
 * Inserts the shipped decks; rows that already exist (by stable id) are left as they are, so running it again
 * changes nothing and never undoes an operator's edit. Applied by migration 0015.
 */
export async function seedImageCardDecks(db: Kysely<Database>, at: string): Promise<void> {
  for (const [index, deck] of SEED_DECKS.entries()) {
    const deckId = seededDeckId(deck.key);
    await db
      .insertInto('image_card_decks')
      .values({
        id: deckId,
        key: deck.key,
        title: deck.title,
        description: deck.description,
        scenes_json: JSON.stringify(deck.scenes),
        sort: (index + 1) * SORT_STEP,
        active: 1,
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    await db
      .insertInto('image_card_cards')
      .values(
        deck.cards.map((card, cardIndex) => ({
          id: seededCardId(deck.key, card.key),
          deck_id: deckId,
          key: card.key,
          title: card.title,
          image_prompt: card.imagePrompt,
          description: card.description,
          questions_json: JSON.stringify(card.questions),
          sort: cardIndex + 1,
        })),
      )
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}
