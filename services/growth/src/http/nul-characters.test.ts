import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './nul-characters.ts';

describe('findNulCharacter', () => {
  it('names the path of the first string or key holding U+0000', () => {
    expect(findNulCharacter('a\u0000b')).toBe('');
    expect(findNulCharacter({ note: 'fine', title: '\u0000' })).toBe('.title');
    expect(findNulCharacter({ items: [{ name: 'x' }, { props: { deep: ['ok', 'b\u0000'] } }] })).toBe(
      '.items[1].props.deep[1]',
    );
    expect(findNulCharacter({ props: { 'bad\u0000key': 1 } })).toBe('.props');
  });

  it('passes everything else, including a backslash-u text and deep nesting', () => {
    let deep: Record<string, unknown> = { leaf: '\\u0000 is only text' };
    for (let level = 0; level < 10_000; level += 1) deep = { a: deep };
    expect(findNulCharacter(deep)).toBeUndefined();
    expect(findNulCharacter([null, 1, true, '😀', { empty: {} }])).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });
});
