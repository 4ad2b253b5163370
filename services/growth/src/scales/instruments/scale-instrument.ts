/**
 * The shape of a psychometric instrument as data: its questions, per-question options with the
 * published item values, its scoring method and its score bands. Pure data; scoring lives in
 * ../scale-scoring.ts.
 */

export interface ScaleOption {
  /** Stable key the client sends back as the answer. */
  readonly key: string;
  readonly text: string;
  /** The published item value of this option before any reverse keying. */
  readonly value: number;
}

export interface ScaleQuestion {
  /** Stable key `q1`, `q2`, … in the published item order. */
  readonly key: string;
  readonly sort: number;
  readonly prompt: string;
  readonly options: readonly ScaleOption[];
  /**
   * Reverse-keyed item: scored as (lowest option value + highest option value) − chosen value,
   * which is how every instrument here publishes its reversal (e.g. PSS-10 0↔4, IPIP 1↔5).
   */
  readonly reverse?: boolean;
  /** Dimension key for multi-factor instruments (IPIP). */
  readonly dimension?: string;
  /** Options whose choice flags a possible crisis whatever the total (PHQ-9 item 9). */
  readonly crisisOptionKeys?: readonly string[];
}

export interface ScoreBand {
  /** Stable machine key, e.g. `moderately_severe`. */
  readonly key: string;
  /** Chinese label shown to the user. */
  readonly label: string;
  /** Inclusive score range. */
  readonly min: number;
  readonly max: number;
  /** Chinese, non-diagnostic, 1–3 sentences. */
  readonly interpretation: string;
  /** True where the published guidance is to seek further professional assessment. */
  readonly suggestsProfessionalHelp: boolean;
}

export interface ScaleDimension {
  readonly key: string;
  /** Chinese name of the dimension. */
  readonly title: string;
  readonly minScore: number;
  readonly maxScore: number;
  readonly bands: readonly ScoreBand[];
}

interface ScoringRange {
  /** Range of the reported `score`. */
  readonly minScore: number;
  readonly maxScore: number;
}

export type ScaleScoring =
  /** score = sum of the (reverse-keyed where marked) item values. */
  | (ScoringRange & { readonly method: 'sum' })
  /** score = sum × multiplier (WHO-5: raw 0–25 × 4 = percentage 0–100). */
  | (ScoringRange & { readonly method: 'scaled_sum'; readonly multiplier: number })
  /**
   * One sum per dimension, each with its own bands; the top-level score is the sum over all
   * items, reported so every result carries a number, and carries no interpretation of its own.
   */
  | (ScoringRange & { readonly method: 'dimension_sums'; readonly dimensions: readonly ScaleDimension[] });

export interface ScaleSource {
  /** The original publication. */
  readonly citation: string;
  /** Where the Simplified Chinese wording comes from. */
  readonly chineseVersion: string;
  /** Terms of use as stated by the copyright holder. */
  readonly license: string;
  /** The scoring and cut-off convention applied, with its reference. */
  readonly scoring: string;
}

export interface ScaleInstrument {
  /** Stable slug used in URLs, e.g. `phq9`. */
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly instructions: string;
  readonly source: ScaleSource;
  readonly questions: readonly ScaleQuestion[];
  readonly scoring: ScaleScoring;
  /** Bands of the top-level score, ascending and contiguous. */
  readonly bands: readonly ScoreBand[];
}

/** One item as written in an instrument file, before keys and sort positions are assigned. */
export interface ItemDefinition {
  readonly prompt: string;
  readonly reverse?: boolean;
  readonly dimension?: string;
  readonly crisisOptionKeys?: readonly string[];
}

/**
 * Numbers items in their published order (`q1`, sort 1, …) and gives each the instrument's shared
 * option set, so an instrument file only lists what differs between its items.
 */
export function buildQuestions(
  items: readonly (string | ItemDefinition)[],
  options: readonly ScaleOption[],
): ScaleQuestion[] {
  return items.map((item, index) => {
    const definition: ItemDefinition = typeof item === 'string' ? { prompt: item } : item;
    return {
      key: `q${index + 1}`,
      sort: index + 1,
      prompt: definition.prompt,
      options,
      ...(definition.reverse ? { reverse: true } : {}),
      ...(definition.dimension ? { dimension: definition.dimension } : {}),
      ...(definition.crisisOptionKeys ? { crisisOptionKeys: definition.crisisOptionKeys } : {}),
    };
  });
}
