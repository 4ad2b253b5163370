import { describe, expect, it } from 'vitest';

import { decideOutcome, MASK_CHARACTER, maskRanges } from './block-policy.ts';
import type { BlockPolicy } from './block-policy.ts';
import { compileFilterRules, scanText } from './filter-matcher.ts';

const policy = (
  overrides: Partial<BlockPolicy> & Pick<BlockPolicy, 'id' | 'category' | 'action'>,
): BlockPolicy => ({
  name: overrides.id,
  min_severity: 1,
  safe_reply: '',
  enabled: true,
  priority: 0,
  ...overrides,
});

const compiled = compileFilterRules([
  { id: 'insult', pattern: '傻逼', kind: 'keyword', category: 'abuse', severity: 2, enabled: true },
  {
    id: 'phone',
    pattern: '(?<!\\d)1[3-9]\\d{9}(?!\\d)',
    kind: 'regex',
    category: 'privacy',
    severity: 3,
    enabled: true,
  },
  { id: 'rebate', pattern: '刷单返利', kind: 'keyword', category: 'fraud', severity: 4, enabled: true },
  { id: 'mild-fraud', pattern: '返现', kind: 'keyword', category: 'fraud', severity: 1, enabled: true },
]);

const policies: BlockPolicy[] = [
  policy({ id: 'mask-abuse', category: 'abuse', action: 'mask' }),
  policy({ id: 'mask-privacy', category: 'privacy', action: 'mask' }),
  policy({
    id: 'refuse-fraud',
    category: 'fraud',
    action: 'refuse',
    min_severity: 3,
    safe_reply: '这是常见的诈骗话术。',
    priority: 5,
  }),
  policy({ id: 'allow-fraud-mild', category: 'fraud', action: 'allow' }),
];

describe('decideOutcome', () => {
  it('allows text without matches', () => {
    const text = '今天很开心';
    expect(decideOutcome(scanText(compiled, text), policies, text)).toEqual({
      action: 'allow',
      policyId: null,
      reasons: [],
    });
  });

  it('masks the original spans, evasion characters included', () => {
    const text = '你这个傻*逼，打我电话 138 1234 5678';
    const outcome = decideOutcome(scanText(compiled, text), policies, text);
    expect(outcome.action).toBe('mask');
    expect(outcome.maskedText).toBe('你这个＊＊＊，打我电话 ＊＊＊＊＊＊＊＊＊＊＊＊＊');
    expect(outcome.maskedText?.length).toBe(text.length);
    expect(outcome.reasons.map((reason) => reason.policyId)).toEqual(['mask-abuse', 'mask-privacy']);
    expect(outcome.safeReply).toBeUndefined();
  });

  it('lets the strongest action win: refuse over mask', () => {
    const text = '傻逼，来刷单返利';
    const outcome = decideOutcome(scanText(compiled, text), policies, text);
    expect(outcome.action).toBe('refuse');
    expect(outcome.policyId).toBe('refuse-fraud');
    expect(outcome.safeReply).toBe('这是常见的诈骗话术。');
    expect(outcome.maskedText).toBe('＊＊，来＊＊＊＊');
  });

  it('respects min_severity: mild matches fall through to a weaker policy', () => {
    const text = '下单返现';
    const outcome = decideOutcome(scanText(compiled, text), policies, text);
    expect(outcome).toMatchObject({ action: 'allow', policyId: 'allow-fraud-mild' });
    expect(outcome.reasons).toHaveLength(1);
  });

  it('ignores disabled policies and uses catch-all policies', () => {
    const text = '傻逼';
    const matches = scanText(compiled, text);
    const withCatchAll = [
      policy({ id: 'mask-abuse', category: 'abuse', action: 'mask', enabled: false }),
      policy({ id: 'any', category: '*', action: 'refuse', safe_reply: '不行' }),
    ];
    expect(decideOutcome(matches, withCatchAll, text)).toMatchObject({
      action: 'refuse',
      policyId: 'any',
      safeReply: '不行',
    });
  });

  it('breaks ties between equal actions by priority, then by category specificity', () => {
    const text = '傻逼';
    const matches = scanText(compiled, text);
    const tied = [
      policy({ id: 'generic', category: '*', action: 'mask', priority: 1 }),
      policy({ id: 'specific', category: 'abuse', action: 'mask', priority: 1 }),
      policy({ id: 'low', category: 'abuse', action: 'mask', priority: 0 }),
    ];
    expect(decideOutcome(matches, tied, text).policyId).toBe('specific');
  });
});

describe('maskRanges', () => {
  it('merges overlapping ranges and masks per code point', () => {
    expect(
      maskRanges('ab😀cd', [
        { start: 1, end: 4 },
        { start: 2, end: 5 },
      ]),
    ).toBe(`a${MASK_CHARACTER.repeat(3)}d`);
  });
});
