import { describe, expect, it } from 'vitest';
import { SEED_FILTER_RULES } from './seed/filter-rules.seed.ts';
import { findBacktrackingRisk } from './regex-risk.ts';

describe('findBacktrackingRisk', () => {
  it.each([
    ['(a+)+$', 'nested quantifier'],
    ['(\\d*)*x', 'nested quantifier'],
    ['(.*a){20}', 'nested quantifier'],
    ['(?:x\\w{2,}){3,}', 'nested quantifier'],
    ['(a|aa)+$', 'alternation under a quantifier'],
    ['(?:微信|vx)*号', 'alternation under a quantifier'],
    ['((?:a|b)c)+', 'alternation under a quantifier'],
    ['(a)\\1', 'back-references'],
    ['(?<word>a)\\k<word>', 'back-references'],
    // Quantifiers that trade characters: cubic in the message length. `a.*b.*c` took 33 s on "ab" × 4,000.
    ['\\w*\\w*$', 'quantifiers \\w* and \\w* can trade characters'],
    ['\\d+[0-9]+x', 'can trade characters'],
    ['a.*b.*c', 'can trade characters'],
    ['.*.*=.*', 'can trade characters'],
    ['(?:微信|vx)\\s*\\s+号', 'can trade characters'],
    // Bounded but flexible: 611 ms on 8,000 letters, and a third `.{0,100}` multiplies it by 100.
    ['[a-z]{1,100}[a-z]{1,100}x', 'quantifiers [a-z]{1,100} and [a-z]{1,100} can trade characters'],
    ['.{0,100}.{0,100}.{0,100}z', 'can trade characters'],
    ['.{0,30}.{0,30}.{0,30}z', 'can trade characters'],
    ['x\\d{2,5}?\\d+$', 'quantifiers \\d{2,5}? and \\d+ can trade characters'],
  ])('refuses %s', (pattern, reason) => {
    expect(findBacktrackingRisk(pattern)).toContain(reason);
  });

  it.each([
    '1[3-9]\\d{9}',
    '(?<!\\d)(?:86)?1[3-9]\\d{9}(?!\\d)',
    '(?:微信|vx)号?(?:是|为)?[a-z][a-z0-9_]{5,19}',
    '(?:ab)+c',
    '[ab]+$',
    '(?:a+)?b',
    // Retried at each start position only: quadratic at worst, inherent to scanning a message.
    '\\s*你好\\s*',
    '\\d+\\s*元',
    '[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}',
    '\\d+[a-z]+',
    // Exact counts cannot trade; an optional element is not rewritten.
    '\\d{4}\\d{2}$',
    '\\d{1,2}月\\d{1,2}日',
    '(?:\\d{3,4}-)?\\d{7,8}(?!\\d)',
    // Bounded quantifiers that trade only a little: 19 × 4 ways per start position.
    '家住[\\p{Script=Han}\\d]{2,20}?\\d{1,4}号',
  ])('accepts %s', (pattern) => {
    expect(findBacktrackingRisk(pattern)).toBeNull();
  });

  it('accepts every seeded regex rule', () => {
    for (const rule of SEED_FILTER_RULES.filter((seed) => seed.kind === 'regex'))
      expect(findBacktrackingRisk(rule.pattern), rule.id).toBeNull();
  });

  it('leaves a pattern that does not parse to the RegExp constructor', () => {
    expect(findBacktrackingRisk('(abc')).toBeNull();
  });
});
