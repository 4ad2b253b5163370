import { describe, expect, it } from 'vitest';

import { detectCrisis } from './crisis-detector.ts';
import { compileSafety, evaluateMessage } from './safety-pipeline.ts';
import { SEED_BLOCK_POLICIES } from './seed/block-policies.seed.ts';
import { SEED_CRISIS_MARKERS, SEED_CRISIS_POLICIES } from './seed/crisis-policies.seed.ts';
import { SEED_FILTER_RULES } from './seed/filter-rules.seed.ts';

const compiled = compileSafety({
  filterRules: SEED_FILTER_RULES,
  blockPolicies: SEED_BLOCK_POLICIES,
  crisisPolicies: SEED_CRISIS_POLICIES,
  crisisMarkers: SEED_CRISIS_MARKERS,
});

describe('seed safety data', () => {
  it('compiles every rule and cue', () => {
    expect(compiled.filterIssues).toEqual([]);
    expect(compiled.crisisIssues).toEqual([]);
    expect(SEED_FILTER_RULES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(SEED_FILTER_RULES.map((rule) => rule.id)).size).toBe(SEED_FILTER_RULES.length);
  });

  it('covers the expected categories, each with a policy', () => {
    const categories = new Set(SEED_FILTER_RULES.map((rule) => rule.category));
    for (const category of ['self_harm', 'violence', 'sexual', 'politics', 'fraud', 'abuse', 'privacy']) {
      expect(categories).toContain(category);
    }
    const covered = new Set(SEED_BLOCK_POLICIES.map((policy) => policy.category));
    for (const category of categories) expect(covered).toContain(category);
  });

  it('gives every refusing policy a Chinese safe reply', () => {
    for (const policy of SEED_BLOCK_POLICIES.filter((candidate) => candidate.action === 'refuse')) {
      expect(policy.safe_reply).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('evaluateMessage', () => {
  it('routes first-person risk to the crisis disposition, even over a refusal', () => {
    const result = evaluateMessage('我不想活了，怎么自杀最不痛苦', compiled);
    expect(result.disposition).toBe('crisis');
    expect(result.crisis.isCrisis).toBe(true);
    expect(result.outcome.action).toBe('refuse');
  });

  it('refuses fraud scripts with the anti-fraud reply', () => {
    const result = evaluateMessage('客服说要把钱转账到安全账户', compiled);
    expect(result.disposition).toBe('refuse');
    expect(result.outcome.safeReply).toContain('96110');
  });

  it('masks personal data and insults but still answers', () => {
    const text = '我老板真是个傻逼，我的手机号是13812345678，身份证110101199003071234';
    const result = evaluateMessage(text, compiled);
    expect(result.disposition).toBe('mask');
    expect(result.outcome.maskedText).not.toContain('13812345678');
    expect(result.outcome.maskedText).not.toContain('110101199003071234');
    expect(result.outcome.maskedText).not.toContain('傻逼');
    expect(result.outcome.maskedText?.startsWith('我老板真是个')).toBe(true);
  });

  it('offers support when the writer is worried about someone else', () => {
    expect(evaluateMessage('我朋友说他想死，我该怎么帮他', compiled).disposition).toBe('support_other');
  });

  it('allows ordinary questions', () => {
    const result = evaluateMessage('最近工作压力好大，累死了，怎么调整？', compiled);
    expect(result).toMatchObject({ disposition: 'allow', matches: [] });
    expect(result.crisis.outcome).toBe('none');
  });

  it('previews exactly what the live pipeline does', () => {
    const text = '我朋友说他想死';
    expect(evaluateMessage(text, compiled)).toEqual(evaluateMessage(text, compiled));
    expect(evaluateMessage(text, compiled).crisis).toEqual(detectCrisis(compiled.crisis, text));
  });

  it('returns the normalised text it matched on', () => {
    expect(evaluateMessage('自 殺？', compiled).normalized).toBe('自杀');
  });
});
