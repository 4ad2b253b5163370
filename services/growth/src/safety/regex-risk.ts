import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';

/**
 * Why an operator's pattern could make V8's backtracking engine run for exponential (or high-polynomial) time on a
 * hostile message, or null. Read from the parsed pattern, not from its text:
 *
 * - a repeated element (max > 1: `*`, `+`, `{2}`, `{2,}`…) that itself holds a repeated element: `(a+)+`, `(.*a){20}`;
 * - a repeated element holding an alternation: `(a|aa)+` (a character class does the same job safely: `[ab]+`);
 * - back-references, which no linear strategy can match.
 *
 * Adjacent unbounded quantifiers over overlapping sets (`\w*\w*\w*$`) stay possible: polynomial, and messages are
 * at most 8,000 characters. A pattern that does not parse is left to the RegExp constructor to report.
 */
export function findBacktrackingRisk(source: string): string | null {
  let pattern: AST.Pattern;
  try {
    pattern = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, {
      unicode: true,
    });
  } catch {
    return null;
  }
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
