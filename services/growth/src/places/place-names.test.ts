import { describe, expect, it } from 'vitest';
import { stripChineseSuffix, stripEnglishSuffix, tokenizePlaceText } from './place-names.ts';

const charMap = new Map([
  ['東', '东'],
  ['廣', '广'],
]);

describe('place name normalisation', () => {
  it('splits Han characters and Latin words, folding case, width and accents', () => {
    expect(tokenizePlaceText(' 廣東省, São Paulo ', charMap)).toEqual(['广', '东', '省', 'sao', 'paulo']);
    expect(tokenizePlaceText('ＢＥＩＪＩＮＧ', charMap)).toEqual(['beijing']);
    expect(tokenizePlaceText("Xi'an", charMap)).toEqual(['xian']);
  });

  it('strips generic suffixes only when a real name remains', () => {
    expect(stripChineseSuffix('广西壮族自治区')).toBe('广西');
    expect(stripChineseSuffix('浦东新区')).toBe('浦东');
    expect(stripChineseSuffix('清新区')).toBe('清新');
    expect(stripChineseSuffix('沛县')).toBeNull();
    expect(stripEnglishSuffix('Harbin City')).toBe('harbin');
    expect(stripEnglishSuffix('Inner Mongolia Autonomous Region')).toBe('inner mongolia');
    expect(stripEnglishSuffix('London')).toBeNull();
  });
});
