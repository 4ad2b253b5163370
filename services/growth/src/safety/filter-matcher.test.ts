import { describe, expect, it } from 'vitest';

import { compileFilterRules, scanText } from './filter-matcher.ts';
import type { FilterRule } from './filter-matcher.ts';

const rule = (
  id: string,
  pattern: string,
  kind: FilterRule['kind'],
  category: string,
  severity: number,
  enabled = true,
): FilterRule => ({
  id,
  pattern,
  kind,
  category,
  severity,
  enabled,
});

describe('compileFilterRules', () => {
  it('skips invalid regexes and reports them instead of throwing', () => {
    const compiled = compileFilterRules([
      rule('ok', '1[3-9]\\d{9}', 'regex', 'privacy', 3),
      rule('broken', '([a-z', 'regex', 'privacy', 3),
      rule('empty-match', 'a*', 'regex', 'privacy', 3),
      rule('redos', '(a+)+$', 'regex', 'privacy', 3),
      rule('blank', ' ，。', 'keyword', 'abuse', 2),
      rule('bad-severity', '骗子', 'keyword', 'abuse', 9),
    ]);
    expect(compiled.activeRuleCount).toBe(1);
    expect(compiled.issues.map((issue) => issue.ruleId).sort()).toEqual([
      'bad-severity',
      'blank',
      'broken',
      'empty-match',
      'redos',
    ]);
  });

  it('ignores disabled rules and reports duplicate ids', () => {
    const compiled = compileFilterRules([
      rule('a', '刷单', 'keyword', 'fraud', 3),
      rule('a', '返利', 'keyword', 'fraud', 3),
      rule('b', '傻逼', 'keyword', 'abuse', 2, false),
    ]);
    expect(compiled.activeRuleCount).toBe(1);
    expect(compiled.issues).toEqual([{ ruleId: 'a', reason: 'duplicate rule id; later rule skipped' }]);
    expect(scanText(compiled, '傻逼')).toEqual([]);
  });
});

describe('scanText', () => {
  const compiled = compileFilterRules([
    rule('kw-suicide', '自杀', 'keyword', 'self_harm', 4),
    rule('kw-rebate', '刷单返利', 'keyword', 'fraud', 3),
    rule('kw-insult', '傻逼', 'keyword', 'abuse', 2),
    rule('kw-fullwidth', 'ＶＸ号', 'keyword', 'privacy', 2),
    rule('re-phone', '(?<!\\d)1[3-9]\\d{9}(?!\\d)', 'regex', 'privacy', 3),
    rule('re-safe-account', '转账到?安全账户', 'regex', 'fraud', 4),
  ]);

  it('matches keywords through evasions and reports original offsets', () => {
    const text = '我真的想自 😀 殺了';
    const [match] = scanText(compiled, text);
    expect(match).toMatchObject({
      ruleId: 'kw-suicide',
      category: 'self_harm',
      severity: 4,
      kind: 'keyword',
    });
    expect(text.slice(match?.start, match?.end)).toBe('自 😀 殺');
    expect(match?.matchedText).toBe('自 😀 殺');
  });

  it('matches full-width keywords against half-width text', () => {
    expect(scanText(compiled, '我的vx号是多少').map((match) => match.ruleId)).toEqual(['kw-fullwidth']);
  });

  it('runs regexes on the normalised text', () => {
    const text = '电话 138-1234-5678，转账到安全账户';
    const matches = scanText(compiled, text);
    expect(matches.map((match) => match.ruleId)).toEqual(['re-phone', 're-safe-account']);
    expect(matches[0]?.matchedText).toBe('138-1234-5678');
    expect(matches[1]?.matchedText).toBe('转账到安全账户');
  });

  it('does not match a phone regex inside a longer number', () => {
    expect(scanText(compiled, '订单号 913812345678').filter((match) => match.ruleId === 're-phone')).toEqual(
      [],
    );
  });

  it('returns every occurrence, sorted by position', () => {
    const matches = scanText(compiled, '傻逼，真是傻·逼');
    expect(matches.map((match) => [match.ruleId, match.matchedText])).toEqual([
      ['kw-insult', '傻逼'],
      ['kw-insult', '傻·逼'],
    ]);
  });

  it('returns nothing for clean text and for empty text', () => {
    expect(scanText(compiled, '今天天气很好，我们去散步吧')).toEqual([]);
    expect(scanText(compiled, '')).toEqual([]);
  });

  it('works with no rules at all', () => {
    expect(scanText(compileFilterRules([]), '任何文本')).toEqual([]);
  });
});
