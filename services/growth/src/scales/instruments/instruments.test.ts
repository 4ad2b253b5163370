import { describe, expect, it } from 'vitest';
import { findScaleInstrument, IPIP50, SCALE_INSTRUMENTS } from './index.ts';
import type { ScaleInstrument, ScoreBand } from './scale-instrument.ts';

const CJK = /[\u4e00-\u9fff]/;

interface PublishedShape {
  items: number;
  optionValues: number[];
  reverseItems: number[];
  minScore: number;
  maxScore: number;
}

/** Item counts, option values and reverse-keyed item numbers as the instruments publish them. */
const PUBLISHED: Record<string, PublishedShape> = {
  phq9: { items: 9, optionValues: [0, 1, 2, 3], reverseItems: [], minScore: 0, maxScore: 27 },
  gad7: { items: 7, optionValues: [0, 1, 2, 3], reverseItems: [], minScore: 0, maxScore: 21 },
  pss10: { items: 10, optionValues: [0, 1, 2, 3, 4], reverseItems: [4, 5, 7, 8], minScore: 0, maxScore: 40 },
  rses: { items: 10, optionValues: [0, 1, 2, 3], reverseItems: [2, 5, 6, 8, 9], minScore: 0, maxScore: 30 },
  who5: { items: 5, optionValues: [0, 1, 2, 3, 4, 5], reverseItems: [], minScore: 0, maxScore: 100 },
  k10: { items: 10, optionValues: [1, 2, 3, 4, 5], reverseItems: [], minScore: 10, maxScore: 50 },
  ucla3: { items: 3, optionValues: [1, 2, 3], reverseItems: [], minScore: 3, maxScore: 9 },
  ipip50: {
    items: 50,
    optionValues: [1, 2, 3, 4, 5],
    reverseItems: [
      2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 29, 30, 32, 34, 36, 38, 39, 44, 46, 49,
    ],
    minScore: 50,
    maxScore: 250,
  },
};

/** ipip.ori.org keying of the 50-item Big-Five markers: item numbers per dimension, + and −. */
const IPIP_KEYING: Record<string, { plus: number[]; minus: number[] }> = {
  extraversion: { plus: [1, 11, 21, 31, 41], minus: [6, 16, 26, 36, 46] },
  agreeableness: { plus: [7, 17, 27, 37, 42, 47], minus: [2, 12, 22, 32] },
  conscientiousness: { plus: [3, 13, 23, 33, 43, 48], minus: [8, 18, 28, 38] },
  emotional_stability: { plus: [9, 19], minus: [4, 14, 24, 29, 34, 39, 44, 49] },
  intellect: { plus: [5, 15, 25, 35, 40, 45, 50], minus: [10, 20, 30] },
};

function itemNumber(key: string): number {
  return Number(key.slice(1));
}

function expectContiguousBands(bands: readonly ScoreBand[], min: number, max: number): void {
  expect(bands.length).toBeGreaterThan(0);
  expect(bands[0]?.min).toBe(min);
  expect(bands[bands.length - 1]?.max).toBe(max);
  for (let index = 1; index < bands.length; index += 1) {
    expect(bands[index]?.min).toBe((bands[index - 1]?.max ?? Number.NaN) + 1);
  }
  for (const band of bands) {
    expect(band.min).toBeLessThanOrEqual(band.max);
    expect(band.label).toMatch(CJK);
    expect(band.interpretation).toMatch(CJK);
  }
  expect(new Set(bands.map((band) => band.key)).size).toBe(bands.length);
}

function derivedRange(instrument: ScaleInstrument): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const question of instrument.questions) {
    const values = question.options.map((option) => option.value);
    min += Math.min(...values);
    max += Math.max(...values);
  }
  const multiplier = instrument.scoring.method === 'scaled_sum' ? instrument.scoring.multiplier : 1;
  return { min: min * multiplier, max: max * multiplier };
}

describe('SCALE_INSTRUMENTS', () => {
  it('ships exactly the eight required instruments, with unique slugs', () => {
    expect(SCALE_INSTRUMENTS.map((instrument) => instrument.slug).sort()).toEqual(
      ['gad7', 'ipip50', 'k10', 'phq9', 'pss10', 'rses', 'ucla3', 'who5'].sort(),
    );
  });

  it('finds an instrument by slug', () => {
    expect(findScaleInstrument('phq9')?.questions).toHaveLength(9);
    expect(findScaleInstrument('nope')).toBeUndefined();
  });

  describe.each(SCALE_INSTRUMENTS.map((instrument) => [instrument.slug, instrument] as const))(
    '%s',
    (slug, instrument) => {
      const published = PUBLISHED[slug];
      if (!published) throw new Error(`no published shape for ${slug}`);

      it('has Chinese texts and a complete source note', () => {
        for (const text of [instrument.title, instrument.description, instrument.instructions]) {
          expect(text).toMatch(CJK);
        }
        for (const note of Object.values(instrument.source)) expect(note.trim()).not.toBe('');
        for (const question of instrument.questions) {
          expect(question.prompt).toMatch(CJK);
          for (const option of question.options) expect(option.text).toMatch(CJK);
        }
      });

      it('numbers its questions q1..qN with sort 1..N in published order', () => {
        expect(instrument.questions).toHaveLength(published.items);
        instrument.questions.forEach((question, index) => {
          expect(question.key).toBe(`q${index + 1}`);
          expect(question.sort).toBe(index + 1);
        });
      });

      it('gives every question the published option values under unique keys', () => {
        for (const question of instrument.questions) {
          const values = question.options.map((option) => option.value).sort((a, b) => a - b);
          expect(values).toEqual(published.optionValues);
          expect(new Set(question.options.map((option) => option.key)).size).toBe(question.options.length);
        }
      });

      it('reverse-keys exactly the published items', () => {
        const reversed = instrument.questions
          .filter((question) => question.reverse)
          .map((q) => itemNumber(q.key));
        expect(reversed).toEqual(published.reverseItems);
      });

      it('declares the score range its items produce', () => {
        const range = derivedRange(instrument);
        expect(instrument.scoring.minScore).toBe(published.minScore);
        expect(instrument.scoring.maxScore).toBe(published.maxScore);
        expect(range).toEqual({ min: published.minScore, max: published.maxScore });
      });

      it('has contiguous bands covering the whole score range', () => {
        expectContiguousBands(instrument.bands, instrument.scoring.minScore, instrument.scoring.maxScore);
      });

      it('flags crisis options only on PHQ-9 item 9, for every answer but "not at all"', () => {
        const crisisQuestions = instrument.questions.filter((question) => question.crisisOptionKeys);
        if (slug !== 'phq9') {
          expect(crisisQuestions).toEqual([]);
          return;
        }
        expect(crisisQuestions.map((question) => question.key)).toEqual(['q9']);
        const [item9] = crisisQuestions;
        expect(item9?.crisisOptionKeys).toEqual(
          item9?.options.filter((option) => option.key !== 'not_at_all').map((option) => option.key),
        );
      });
    },
  );
});

describe('IPIP-50 keying (ipip.ori.org)', () => {
  const { scoring } = IPIP50;

  it('scores by five dimensions of ten items each, in the published order', () => {
    if (scoring.method !== 'dimension_sums') throw new Error('ipip50 must score by dimension');
    expect(scoring.dimensions.map((dimension) => dimension.key)).toEqual(Object.keys(IPIP_KEYING));
    for (const dimension of scoring.dimensions) {
      const items = IPIP50.questions.filter((question) => question.dimension === dimension.key);
      expect(items).toHaveLength(10);
      expect(dimension.minScore).toBe(10);
      expect(dimension.maxScore).toBe(50);
      expectContiguousBands(dimension.bands, dimension.minScore, dimension.maxScore);
      expect(dimension.title).toMatch(CJK);
    }
  });

  it.each(Object.entries(IPIP_KEYING))('%s has the published + and − items', (dimension, keying) => {
    const items = IPIP50.questions.filter((question) => question.dimension === dimension);
    const plus = items.filter((question) => !question.reverse).map((question) => itemNumber(question.key));
    const minus = items.filter((question) => question.reverse).map((question) => itemNumber(question.key));
    expect(plus).toEqual(keying.plus);
    expect(minus).toEqual(keying.minus);
  });

  it('cycles the dimensions E, A, C, ES, I through the item order', () => {
    const order = Object.keys(IPIP_KEYING);
    IPIP50.questions.forEach((question, index) => {
      expect(question.dimension).toBe(order[index % order.length]);
    });
  });
});
