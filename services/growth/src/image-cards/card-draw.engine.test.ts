import { describe, expect, it } from 'vitest';
import { drawFromSeed } from './card-draw.engine.ts';

const deckA = { id: 'a', cards: Array.from({ length: 40 }, (_, i) => `a${i}`) };
const deckB = { id: 'b', cards: Array.from({ length: 44 }, (_, i) => `b${i}`) };

describe('drawFromSeed', () => {
  it('gives the same deck and cards for the same seed, and distinct cards within a spread', () => {
    const first = drawFromSeed('00ff', [deckA, deckB], 3);
    expect(drawFromSeed('00ff', [deckA, deckB], 3)).toEqual(first);
    expect(new Set(first.cards).size).toBe(3);
    const deck = first.deckId === 'a' ? deckA : deckB;
    for (const card of first.cards) expect(deck.cards).toContain(card);
  });

  it('spreads draws over every card and both decks', () => {
    const seen = new Set<string>();
    const decks = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      const result = drawFromSeed(`seed-${i}`, [deckA, deckB], 1);
      decks.add(result.deckId);
      for (const card of result.cards) seen.add(card);
    }
    expect(decks).toEqual(new Set(['a', 'b']));
    expect(seen.size).toBe(84);
  });

  it('draws a whole deck without repeats when asked for every card', () => {
    const result = drawFromSeed('abc', [deckA], 40);
    expect([...result.cards].sort()).toEqual([...deckA.cards].sort());
  });

  it('refuses an empty deck list or a deck too small for the spread', () => {
    expect(() => drawFromSeed('x', [], 1)).toThrow();
    expect(() => drawFromSeed('x', [{ id: 'tiny', cards: ['only'] }], 3)).toThrow();
  });
});
