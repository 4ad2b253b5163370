import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';
import { analyse } from 'scslre';

/** Flags the matcher compiles rules with (`filter-matcher.ts`). */
const MATCHER_FLAGS = new RegExpParser({ ecmaVersion: 2025 }).parseFlags('gu');

/**
 * Why an operator's pattern could make V8's backtracking engine run for exponential or polynomial time on a hostile
 * message, or null. Read from the parsed pattern, not from its text:
 *
 * - a repeated element (max > 1: `*`, `+`, `{2}`, `{2,}`…) that itself holds a repeated element: `(a+)+`, `(.*a){20}`;
 * - a repeated element holding an alternation: `(a|aa)+` (a character class does the same job safely: `[ab]+`);
 * - back-references, which no linear strategy can match;
 * - quantifiers that can trade characters with each other or with themselves (`\w*\w*$`, `a.*b.*c`: cubic in the
 *   message length, minutes on 8,000 characters; `[a-z]{1,100}[a-z]{1,100}x` likewise), found by `scslre`, the
 *   analysis behind eslint-plugin-regexp's `no-super-linear-backtracking`. Its third kind, a quantifier retried at
 *   every start position (`\s*你好`), is quadratic at worst and inherent to scanning a message, so it is allowed.
 *
 * A pattern that does not parse is left to the RegExp constructor to report.
 */
export function findBacktrackingRisk(source: string): string | null {
  let pattern: AST.Pattern;
  try {
    pattern = parseAsMatcherDoes(source);
  } catch {
    return null;
  }
  return findStructuralRisk(pattern) ?? findTradingQuantifiers(pattern);
}

/** The pattern as the matcher compiles it (`u` flag); throws when it does not parse. */
function parseAsMatcherDoes(source: string): AST.Pattern {
  return new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, { unicode: true });
}

function findStructuralRisk(pattern: AST.Pattern): string | null {
  let risk: string | null = null;
  visitRegExpAST(pattern, {
    onBackreferenceEnter: () => {
      risk ??= 'back-references are not supported';
    },
    onQuantifierEnter: (quantifier) => {
      if (risk !== null || quantifier.max <= 1) return;
      visitRegExpAST(quantifier.element, {
        onQuantifierEnter: (inner) => {
          if (inner.max > 1) risk ??= 'nested quantifier (risk of catastrophic backtracking)';
        },
        onGroupEnter: (group) => {
          if (group.alternatives.length > 1)
            risk ??= 'alternation under a quantifier (use a character class)';
        },
        onCapturingGroupEnter: (group) => {
          if (group.alternatives.length > 1)
            risk ??= 'alternation under a quantifier (use a character class)';
        },
      });
    },
  });
  return risk;
}

/**
 * At most this many ways, per start position, for bounded quantifiers to share out the characters they trade: the
 * product of their ranges. `[\p{Script=Han}\d]{2,20}?\d{1,4}` (19 × 4) passes; `[a-z]{1,100}[a-z]{1,100}x`
 * (100 × 100) and `.{0,30}.{0,30}.{0,30}z` (31³) do not.
 */
const MAX_BOUNDED_TRADE_WAYS = 256;

/**
 * scslre treats a bounded quantifier as harmless, yet `.{0,100}.{0,100}.{0,100}z` costs 100³ steps per start
 * position. Each flexible bounded quantifier (`{1,100}`, `{2,5}`) is therefore analysed as if unbounded (`{1,}`), and
 * a trade among bounded quantifiers only is allowed while the product of their ranges stays small. Exact counts
 * (`{9}`) and optional elements (`?`) are kept. The structural check has already refused nesting, so the rewritten
 * quantifiers never contain one another.
 */
function findTradingQuantifiers(pattern: AST.Pattern): string | null {
  const { source, bounded } = unboundFlexibleQuantifiers(pattern);
  const { reports } = analyse(
    { pattern: parseAsMatcherDoes(source), flags: MATCHER_FLAGS },
    { reportTypes: { Move: false, Self: true, Trade: true } },
  );
  const raw = (quantifier: AST.Quantifier) => bounded.get(quantifier.start)?.raw ?? quantifier.raw;
  const trading = new Set<number>();
  for (const report of reports) {
    if (report.type === 'Move') continue;
    if (report.type === 'Self') {
      return `quantifier ${raw(report.quant)} can backtrack into itself (risk of ${report.exponential ? 'exponential' : 'polynomial'} backtracking)`;
    }
    const { startQuant, endQuant } = report;
    const message = `quantifiers ${raw(startQuant)} and ${raw(endQuant)} can trade characters (risk of polynomial backtracking)`;
    if (!bounded.has(startQuant.start) || !bounded.has(endQuant.start)) return message;
    trading.add(startQuant.start).add(endQuant.start);
    let ways = 1;
    for (const start of trading) ways *= bounded.get(start)?.ways ?? Infinity;
    if (ways > MAX_BOUNDED_TRADE_WAYS) return message;
  }
  return null;
}

interface BoundedQuantifier {
  raw: string;
  /** How many lengths it can take: max − min + 1. */
  ways: number;
}

/**
 * The pattern's source with `{m,n}` (n > 1, n > m) written `{m,}`, and what each rewritten quantifier was, by its
 * offset in the rewritten source.
 */
function unboundFlexibleQuantifiers(pattern: AST.Pattern): {
  source: string;
  bounded: Map<number, BoundedQuantifier>;
} {
  const flexible: AST.Quantifier[] = [];
  visitRegExpAST(pattern, {
    onQuantifierEnter: (quantifier) => {
      if (quantifier.max > 1 && quantifier.max !== Infinity && quantifier.max > quantifier.min)
        flexible.push(quantifier);
    },
  });
  flexible.sort((a, b) => a.start - b.start);
  const bounded = new Map<number, BoundedQuantifier>();
  let source = '';
  let copiedUpTo = 0;
  for (const quantifier of flexible) {
    const ways = quantifier.max - quantifier.min + 1;
    bounded.set(quantifier.start - pattern.start + (source.length - copiedUpTo), {
      raw: quantifier.raw,
      ways,
    });
    source += pattern.raw.slice(copiedUpTo, quantifier.element.end - pattern.start);
    source += `{${quantifier.min},}${quantifier.greedy ? '' : '?'}`;
    copiedUpTo = quantifier.end - pattern.start;
  }
  source += pattern.raw.slice(copiedUpTo);
  return { source, bounded };
}
