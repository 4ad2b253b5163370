import { decideOutcome, rankPolicies } from './block-policy.ts';
import type { BlockOutcome, BlockPolicy } from './block-policy.ts';
import { assessCrisisNormalized, compileCrisisPolicies } from './crisis-detector.ts';
import type {
  CompiledCrisis,
  CrisisAssessment,
  CrisisCompileIssue,
  CrisisMarkers,
  CrisisPolicy,
} from './crisis-detector.ts';
import { compileFilterRules, scanNormalized } from './filter-matcher.ts';
import type { CompiledFilter, FilterMatch, FilterRule, RuleCompileIssue } from './filter-matcher.ts';
import { normalizeText } from './text-normalizer.ts';

/** Everything operators configure for content safety, as loaded from storage. */
export interface SafetyConfig {
  readonly filterRules: readonly FilterRule[];
  readonly blockPolicies: readonly BlockPolicy[];
  readonly crisisPolicies: readonly CrisisPolicy[];
  readonly crisisMarkers: CrisisMarkers;
}

export interface CompiledSafety {
  readonly filter: CompiledFilter;
  /** Enabled block policies, strongest first. */
  readonly blockPolicies: readonly BlockPolicy[];
  readonly crisis: CompiledCrisis;
  readonly filterIssues: readonly RuleCompileIssue[];
  readonly crisisIssues: readonly CrisisCompileIssue[];
}

/**
 * What the ask pipeline should do with the message, in order of precedence:
 * - crisis: first-person risk; answer with the crisis reply and open a handoff.
 * - refuse: a block policy refused; answer with its safe reply.
 * - support_other: the writer is worried about someone else (or discussing media); answer with
 *   guidance and resources.
 * - mask: store and answer the masked text.
 * - allow: answer normally.
 */
export type SafetyDisposition = 'crisis' | 'refuse' | 'support_other' | 'mask' | 'allow';

export interface SafetyEvaluation {
  /** The normalised text the rules ran on (shown in admin previews). */
  readonly normalized: string;
  readonly matches: readonly FilterMatch[];
  readonly outcome: BlockOutcome;
  readonly crisis: CrisisAssessment;
  readonly disposition: SafetyDisposition;
}

/** Build the matchers once per configuration version; rebuild when operators change the config. */
export function compileSafety(config: SafetyConfig): CompiledSafety {
  const filter = compileFilterRules(config.filterRules);
  const crisis = compileCrisisPolicies(config.crisisPolicies, config.crisisMarkers);
  return {
    filter,
    blockPolicies: rankPolicies(config.blockPolicies),
    crisis,
    filterIssues: filter.issues,
    crisisIssues: crisis.issues,
  };
}

function chooseDisposition(outcome: BlockOutcome, crisis: CrisisAssessment): SafetyDisposition {
  if (crisis.isCrisis) return 'crisis';
  if (outcome.action === 'refuse') return 'refuse';
  if (crisis.outcome === 'third_party_concern') return 'support_other';
  return outcome.action;
}

/**
 * The single safety evaluation used by the live ask pipeline and by the admin preview endpoints
 * (content-safety evaluate and crisis evaluate), so a preview always shows what production does.
 * Pure: writes nothing.
 */
export function evaluateMessage(text: string, compiled: CompiledSafety): SafetyEvaluation {
  const normalized = normalizeText(text);
  const matches = scanNormalized(compiled.filter, normalized);
  const outcome = decideOutcome(matches, compiled.blockPolicies, text);
  const crisis = assessCrisisNormalized(compiled.crisis, normalized);
  return {
    normalized: normalized.text,
    matches,
    outcome,
    crisis,
    disposition: chooseDisposition(outcome, crisis),
  };
}
