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
