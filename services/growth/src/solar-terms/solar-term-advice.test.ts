import { describe, expect, it } from 'vitest';
import { getSolarTermAdvice, SOLAR_TERM_ADVICE } from './solar-term-advice.ts';
import { SOLAR_TERM_KEYS } from './solar-term-catalog.ts';

const ADVICE_FIELDS = ['diet', 'sleep', 'movement', 'mood'] as const;
const SENTENCE_END = /[。！？]/g;
/** Words of remedies, cures and fortune-telling that the advice must not lean on. */
const FORBIDDEN_WORDS = [
  '治疗',
  '治愈',
  '药',
  '排毒',
  '祛湿',
  '养肝',
  '补肾',
  '偏方',
  '运势',
  '吉',
  '凶',
  '忌',
];

function countSentences(text: string): number {
  return text.match(SENTENCE_END)?.length ?? 0;
}

describe('solar-term advice', () => {
  it('has an entry for exactly the 24 terms', () => {
    expect(Object.keys(SOLAR_TERM_ADVICE).sort()).toEqual([...SOLAR_TERM_KEYS].sort());
  });

  it.each(SOLAR_TERM_KEYS)('%s has a one-line theme and four fields of 2–3 sentences', (key) => {
    const advice = getSolarTermAdvice(key);
    expect(advice.theme.trim()).not.toBe('');
    expect(advice.theme).not.toContain('\n');
    expect(countSentences(advice.theme)).toBeLessThanOrEqual(1);
    for (const field of ADVICE_FIELDS) {
      const text = advice[field];
      expect(text.trim(), `${key}.${field}`).not.toBe('');
      expect(countSentences(text), `${key}.${field}: ${text}`).toBeGreaterThanOrEqual(2);
      expect(countSentences(text), `${key}.${field}: ${text}`).toBeLessThanOrEqual(3);
    }
  });

  it('makes no remedy or fortune-telling claims', () => {
    for (const key of SOLAR_TERM_KEYS) {
      const advice = getSolarTermAdvice(key);
      const text = [advice.theme, ...ADVICE_FIELDS.map((field) => advice[field])].join('');
      for (const word of FORBIDDEN_WORDS) expect(text, `${key} contains ${word}`).not.toContain(word);
    }
  });

  it('does not repeat one text across terms', () => {
    const texts = SOLAR_TERM_KEYS.flatMap((key) =>
      ADVICE_FIELDS.map((field) => getSolarTermAdvice(key)[field]),
    );
    expect(new Set(texts).size).toBe(texts.length);
  });
});
