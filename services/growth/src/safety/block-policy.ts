import type { FilterMatch } from './filter-matcher.ts';

export type BlockAction = 'allow' | 'mask' | 'refuse';

/** Category value that makes a policy apply to every category. */
export const ANY_CATEGORY = '*';
/** Full-width asterisk: one per masked code point, so the masked text keeps its visual length. */
export const MASK_CHARACTER = '＊';

/** A block policy as stored by operators. */
export interface BlockPolicy {
  readonly id: string;
  readonly name: string;
  /** A filter-rule category, or "*" for every category. */
  readonly category: string;
  readonly min_severity: number;
  readonly action: BlockAction;
  /** Chinese reply shown instead of an answer when the policy refuses. */
  readonly safe_reply: string;
  readonly enabled: boolean;
  /** Higher wins between policies with the same action. */
  readonly priority: number;
}

export interface PolicyReason {
  readonly policyId: string;
  readonly action: BlockAction;
  readonly ruleId: string;
  readonly category: string;
  readonly severity: number;
  readonly start: number;
  readonly end: number;
  readonly matchedText: string;
}

export interface BlockOutcome {
  readonly action: BlockAction;
  /** The policy that decided the action; null when no policy applied. */
  readonly policyId: string | null;
  /** One entry per match that a policy applied to, in text order. */
  readonly reasons: readonly PolicyReason[];
  /** Original text with the spans of masking or refusing matches replaced; set unless allowed. */
  readonly maskedText?: string;
  /** The deciding policy's reply; set when refused. */
  readonly safeReply?: string;
}

const ACTION_STRENGTH: Record<BlockAction, number> = { allow: 0, mask: 1, refuse: 2 };

function comparePolicies(a: BlockPolicy, b: BlockPolicy): number {
  return (
    ACTION_STRENGTH[b.action] - ACTION_STRENGTH[a.action] ||
    b.priority - a.priority ||
    // A policy written for the category is more deliberate than a catch-all one.
    Number(a.category === ANY_CATEGORY) - Number(b.category === ANY_CATEGORY) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Enabled policies, strongest first: the order decideOutcome relies on. Precompute it when reusing. */
export function rankPolicies(policies: readonly BlockPolicy[]): BlockPolicy[] {
  return policies.filter((policy) => policy.enabled).sort(comparePolicies);
}

function policyApplies(policy: BlockPolicy, match: FilterMatch): boolean {
  return (
    (policy.category === match.category || policy.category === ANY_CATEGORY) &&
    match.severity >= policy.min_severity
  );
}

/** Replace every code point inside the given original ranges with the mask character. */
export function maskRanges(text: string, ranges: readonly { start: number; end: number }[]): string {
  if (ranges.length === 0) return text;
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let cursor = 0;
  for (const range of sorted) {
    const start = Math.max(range.start, cursor);
    if (range.end <= start) continue;
    out += text.slice(cursor, start);
    for (const _codePoint of text.slice(start, range.end)) out += MASK_CHARACTER;
    cursor = range.end;
  }
  return out + text.slice(cursor);
}

/**
 * Decide what to do with a message: every match takes the strongest applicable policy, and the
 * strongest of those wins overall (refuse > mask > allow; then priority). originalText is the text
 * the matches were found in, needed to produce maskedText.
 */
export function decideOutcome(
  matches: readonly FilterMatch[],
  policies: readonly BlockPolicy[],
  originalText: string,
): BlockOutcome {
  const ranked = rankPolicies(policies);
  const reasons: PolicyReason[] = [];
  let decisive: { reason: PolicyReason; policy: BlockPolicy } | null = null;
  for (const match of matches) {
    const policy = ranked.find((candidate) => policyApplies(candidate, match));
    if (policy === undefined) continue;
    const reason: PolicyReason = {
      policyId: policy.id,
      action: policy.action,
      ruleId: match.ruleId,
      category: match.category,
      severity: match.severity,
      start: match.start,
      end: match.end,
      matchedText: match.matchedText,
    };
    reasons.push(reason);
    if (decisive === null || comparePolicies(policy, decisive.policy) < 0) decisive = { reason, policy };
  }
  if (decisive === null) return { action: 'allow', policyId: null, reasons };
  const { policy } = decisive;
  if (policy.action === 'allow') return { action: 'allow', policyId: policy.id, reasons };
  const maskedText = maskRanges(
    originalText,
    reasons.filter((reason) => reason.action !== 'allow'),
  );
  if (policy.action === 'mask') return { action: 'mask', policyId: policy.id, reasons, maskedText };
  return { action: 'refuse', policyId: policy.id, reasons, maskedText, safeReply: policy.safe_reply };
}
