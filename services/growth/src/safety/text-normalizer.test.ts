import { describe, expect, it } from 'vitest';

import {
  clauseIndexAt,
  clauseRange,
  foldTextForSearch,
  normalizePattern,
  normalizeText,
  toOriginalRange,
} from './text-normalizer.ts';

describe('normalizeText', () => {
  it.each([
    ['自*杀', '自杀'],
    ['自 杀', '自杀'],
    ['自.杀', '自杀'],
    ['自😀杀', '自杀'],
    ['自\u200b杀', '自杀'],
    ['自\u200d\ufe0f杀', '自杀'],
    ['自~~~***杀', '自杀'],
    ['自　杀', '自杀'],
    ['自̶杀', '自杀'],
  ])('removes characters inserted between characters: %s', (input, expected) => {
    expect(normalizeText(input).text).toBe(expected);
  });

  it('converts traditional to simplified', () => {
    expect(normalizeText('我想自殺').text).toBe('我想自杀');
    expect(normalizeText('頭髮亂了，這麼難過').text).toBe('头发乱了这么难过');
  });

  it('folds full-width letters and digits and lower-cases', () => {
    expect(normalizeText('ＡＢＣ１２３ Hello').text).toBe('abc123hello');
    expect(normalizePattern('ＶＸ')).toBe('vx');
  });

  it('maps normalised offsets back to the original text', () => {
    const original = '我想自 😀 殺，真的';
    const normalized = normalizeText(original);
    const start = normalized.text.indexOf('自杀');
    const range = toOriginalRange(normalized, start, start + 2);
    expect(original.slice(range.start, range.end)).toBe('自 😀 殺');
  });

  it('maps expanded characters to their whole source character', () => {
    const original = 'a㈱b';
    const normalized = normalizeText(original);
    expect(normalized.text).toBe('a株b');
    const range = toOriginalRange(normalized, 1, 2);
    expect(original.slice(range.start, range.end)).toBe('㈱');
  });

  it('keeps supplementary-plane letters and their offsets', () => {
    const original = 'x𠀀y';
    const normalized = normalizeText(original);
    expect(normalized.text).toBe('x𠀀y');
    const range = toOriginalRange(normalized, 1, 3);
    expect(original.slice(range.start, range.end)).toBe('𠀀');
  });

  it('records clause breaks where punctuation or spaces were removed', () => {
    const normalized = normalizeText('我朋友说他想死，我很担心。');
    expect(normalized.text).toBe('我朋友说他想死我很担心');
    expect(normalized.breaks).toEqual([7, 11]);
    expect(clauseIndexAt(normalized, 2)).toBe(0);
    expect(clauseIndexAt(normalized, 8)).toBe(1);
    expect(clauseRange(normalized, 1)).toEqual({ start: 7, end: 11 });
  });

  it('does not treat emoji as clause breaks', () => {
    expect(normalizeText('自😀杀').breaks).toEqual([]);
  });

  it('is deterministic and independent of call order', () => {
    const first = normalizeText('測試 ＴＥＳＴ 😀');
    normalizeText('完全不同的文本');
    expect(normalizeText('測試 ＴＥＳＴ 😀').text).toBe(first.text);
  });
});

describe('foldTextForSearch', () => {
  it('folds but keeps word boundaries as single spaces', () => {
    expect(foldTextForSearch('失眠，怎麼辦？  ＯＫ')).toBe('失眠 怎么办 ok');
  });
});
