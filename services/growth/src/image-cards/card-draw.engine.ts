/**
 * Choosing cards from a seed. Pure: the same seed over the same deck list always gives the same deck and cards, so
 * a stored draw can be replayed and audited. The seed itself is random (see image-cards.service.ts), so draws are
 * unpredictable to the person drawing.
 */
import { createHash } from 'node:crypto';

/** 48 bits per choice: the modulo bias over a deck of at most a few hundred cards is below 1e-12. */
const CHOICE_BYTES = 6;
const CHOICE_RANGE = 2 ** (CHOICE_BYTES * 8);

/** The n-th number of the seed's stream for a purpose, uniform in [0, 2^48). */
function streamValue(seed: string, purpose: string, n: number): number {
  const digest = createHash('sha256').update(`${seed}:${purpose}:${n}`).digest();
  return digest.readUIntBE(0, CHOICE_BYTES);
}

function chooseIndex(seed: string, purpose: string, n: number, size: number): number {
  return Math.floor((streamValue(seed, purpose, n) / CHOICE_RANGE) * size);
}

export interface DrawableDeck<TCard> {
  id: string;
  /** In a fixed order (sort, then key): the order is part of what makes a seed reproducible. */
  cards: readonly TCard[];
}

export interface DrawResult<TCard> {
  deckId: string;
  cards: TCard[];
}

/**
 * Picks one deck among `decks` and `count` distinct cards from it (a partial Fisher–Yates shuffle driven by the
 * seed). Every deck passed must hold at least `count` cards.
 */
export function drawFromSeed<TCard>(
  seed: string,
  decks: readonly DrawableDeck<TCard>[],
  count: number,
): DrawResult<TCard> {
  const deck = decks[chooseIndex(seed, 'deck', 0, decks.length)];
  if (!deck) throw new Error('drawFromSeed needs at least one deck');
  if (deck.cards.length < count) throw new Error(`deck ${deck.id} has fewer than ${count} cards`);
  const pool = [...deck.cards];
  const drawn: TCard[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + chooseIndex(seed, 'card', i, pool.length - i);
    const picked = pool[j];
    const current = pool[i];
    if (picked === undefined || current === undefined) throw new Error('card index out of range');
    pool[j] = current;
    pool[i] = picked;
    drawn.push(picked);
  }
  return { deckId: deck.id, cards: drawn };
}
