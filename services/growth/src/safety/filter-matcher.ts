import { buildKeywordAutomaton, findKeywords } from './keyword-automaton.ts';
import type { KeywordAutomaton } from './keyword-automaton.ts';
import { findBacktrackingRisk } from './regex-risk.ts';
import { normalizePattern, normalizeText, toOriginalRange } from './text-normalizer.ts';
import type { NormalizedText } from './text-normalizer.ts';

export type FilterRuleKind = 'keyword' | 'regex';

/** A content-safety filter rule as stored by operators. */
export interface FilterRule {
  readonly id: string;
  readonly pattern: string;
  readonly kind: FilterRuleKind;
  /** Free-form category such as self_harm, violence, sexual, politics, fraud, abuse, privacy. */
  readonly category: string;
  /** 1 (mild) .. 5 (severe). */
  readonly severity: number;
  readonly enabled: boolean;
}

export interface RuleCompileIssue {
  readonly ruleId: string;
  readonly reason: string;
}

export interface FilterMatch {
  readonly ruleId: string;
  readonly category: string;
  readonly severity: number;
  readonly kind: FilterRuleKind;
  /** Original-text UTF-16 offsets, end exclusive. */
  readonly start: number;
  readonly end: number;
  /** The original text between start and end, separators included. */
  readonly matchedText: string;
}

interface RuleRef {
  readonly id: string;
  readonly category: string;
  readonly severity: number;
  readonly order: number;
}

interface CompiledRegexRule {
  readonly rule: RuleRef;
  readonly regex: RegExp;
}

export interface CompiledFilter {
  readonly keywords: KeywordAutomaton<RuleRef>;
  readonly regexes: readonly CompiledRegexRule[];
  /** Rules that were skipped, with the reason: invalid regex, empty keyword, bad severity... */
  readonly issues: readonly RuleCompileIssue[];
  readonly activeRuleCount: number;
}

export const MIN_SEVERITY = 1;
export const MAX_SEVERITY = 5;
/** Long patterns are almost always pasted text, and they make backtracking costs unpredictable. */
export const MAX_REGEX_SOURCE_LENGTH = 300;
/** A scan reports at most this many matches: enough to mask and explain, bounded for hostile input. */
export const MAX_MATCHES_PER_SCAN = 1000;

function checkRegexSource(source: string): string | null {
  if (source.length === 0) return 'empty pattern';
  if (source.length > MAX_REGEX_SOURCE_LENGTH)
    return `pattern longer than ${MAX_REGEX_SOURCE_LENGTH} characters`;
  return findBacktrackingRisk(source);
}

function compileRegex(source: string): RegExp | string {
  const problem = checkRegexSource(source);
  if (problem !== null) return problem;
  let regex: RegExp;
  try {
    regex = new RegExp(source, 'gu');
  } catch (error) {
    return `invalid regex: ${error instanceof Error ? error.message : String(error)}`;
  }
  // A pattern that matches the empty string would "match" every message.
  regex.lastIndex = 0;
  if (regex.test('')) return 'pattern matches the empty string';
  regex.lastIndex = 0;
  return regex;
}

/**
 * Compile operator rules into one automaton (keywords, normalised like messages) plus a list of
 * regexes run on the normalised text. Bad rules are skipped and reported, never thrown.
 */
export function compileFilterRules(rules: readonly FilterRule[]): CompiledFilter {
  const issues: RuleCompileIssue[] = [];
  const seen = new Set<string>();
  const keywordEntries: { keyword: string; data: RuleRef }[] = [];
  const regexes: CompiledRegexRule[] = [];
  rules.forEach((rule, order) => {
    if (!rule.enabled) return;
    if (seen.has(rule.id)) {
      issues.push({ ruleId: rule.id, reason: 'duplicate rule id; later rule skipped' });
      return;
    }
    seen.add(rule.id);
    if (!Number.isInteger(rule.severity) || rule.severity < MIN_SEVERITY || rule.severity > MAX_SEVERITY) {
      issues.push({
        ruleId: rule.id,
        reason: `severity must be an integer ${MIN_SEVERITY}..${MAX_SEVERITY}`,
      });
      return;
    }
    const ref: RuleRef = { id: rule.id, category: rule.category, severity: rule.severity, order };
    if (rule.kind === 'keyword') {
      const keyword = normalizePattern(rule.pattern);
      if (keyword.length === 0) {
        issues.push({ ruleId: rule.id, reason: 'keyword is empty after normalisation' });
        return;
      }
      keywordEntries.push({ keyword, data: ref });
    } else if (rule.kind === 'regex') {
      const compiled = compileRegex(rule.pattern);
      if (typeof compiled === 'string') {
        issues.push({ ruleId: rule.id, reason: compiled });
        return;
      }
      regexes.push({ rule: ref, regex: compiled });
    } else {
      issues.push({ ruleId: rule.id, reason: `unknown rule kind ${String(rule.kind)}` });
    }
  });
  return {
    keywords: buildKeywordAutomaton(keywordEntries),
    regexes,
    issues,
    activeRuleCount: keywordEntries.length + regexes.length,
  };
}

function compareMatches(a: FilterMatch, b: FilterMatch): number {
  return (
    a.start - b.start ||
    a.end - b.end ||
    b.severity - a.severity ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}

/** Scan text that has already been normalised (the pipeline normalises once for all analyses). */
export function scanNormalized(compiled: CompiledFilter, normalized: NormalizedText): FilterMatch[] {
  const matches: FilterMatch[] = [];
  const seen = new Set<string>();
  const add = (rule: RuleRef, kind: FilterRuleKind, normStart: number, normEnd: number): void => {
    const key = `${rule.order}:${normStart}:${normEnd}`;
    if (seen.has(key)) return;
    seen.add(key);
    const range = toOriginalRange(normalized, normStart, normEnd);
    matches.push({
      ruleId: rule.id,
      category: rule.category,
      severity: rule.severity,
      kind,
      start: range.start,
      end: range.end,
      matchedText: normalized.original.slice(range.start, range.end),
    });
  };
  for (const hit of findKeywords(compiled.keywords, normalized.text)) {
    if (matches.length >= MAX_MATCHES_PER_SCAN) break;
    add(hit.data, 'keyword', hit.start, hit.end);
  }
  for (const { rule, regex } of compiled.regexes) {
    regex.lastIndex = 0;
    let found = regex.exec(normalized.text);
    while (found !== null && matches.length < MAX_MATCHES_PER_SCAN) {
      const end = found.index + found[0].length;
      if (found[0].length === 0) {
        regex.lastIndex = found.index + 1;
      } else {
        add(rule, 'regex', found.index, end);
      }
      found = regex.exec(normalized.text);
    }
  }
  return matches.sort(compareMatches);
}

/** Normalise and scan: matches carry original-text offsets. */
export function scanText(compiled: CompiledFilter, text: string): FilterMatch[] {
  return scanNormalized(compiled, normalizeText(text));
}
