/**
 * Scores a completed scale from its instrument definition. Pure: no HTTP, no storage.
 *
 * The result keeps the snake_case keys of the API's `result` object, so the HTTP layer can pass
 * it through unchanged.
 */
import type {
  ScaleDimension,
  ScaleInstrument,
  ScaleQuestion,
  ScoreBand,
} from './instruments/scale-instrument.ts';

export interface DimensionScore {
  readonly score: number;
  readonly band: string;
  readonly band_label: string;
  readonly min_score: number;
  readonly max_score: number;
  readonly interpretation: string;
}

export interface ScaleScore {
  /** The reported score (WHO-5: the percentage; IPIP: the unweighted sum of all items). */
  readonly score: number;
  /** Sum of the keyed item values before any scaling. */
  readonly raw_score: number;
  readonly band: string;
  readonly band_label: string;
  readonly min_score: number;
  readonly max_score: number;
  readonly dimensions?: Readonly<Record<string, DimensionScore>>;
  /** PHQ-9 item 9 answered other than "not at all", whatever the total. */
  readonly crisis_flag: boolean;
  /** The band's published guidance is to seek further professional assessment. */
  readonly suggests_professional_help: boolean;
  /** Chinese, 2–4 sentences, non-diagnostic. */
  readonly interpretation: string;
}

export type ScaleAnswerErrorReason = 'missing' | 'invalid_option' | 'unknown_question';

/** An answer set that cannot be scored; the HTTP layer turns it into a 400 naming `questionKey`. */
export class ScaleAnswerError extends Error {
  override readonly name = 'ScaleAnswerError';
  readonly questionKey: string;
  readonly reason: ScaleAnswerErrorReason;

  constructor(questionKey: string, reason: ScaleAnswerErrorReason) {
    super(`${reason} answer for question ${questionKey}`);
    this.questionKey = questionKey;
    this.reason = reason;
  }
}

export interface CrisisResource {
  readonly key: string;
  /** Chinese label. */
  readonly label: string;
  readonly phone: string;
  /** Chinese note on opening hours, where the service states them. */
  readonly hours?: string;
}

export const CRISIS_RESOURCES: readonly CrisisResource[] = [
  { key: 'national_12356', label: '全国心理援助热线', phone: '12356' },
  {
    key: 'beijing_crisis_center',
    label: '北京心理危机研究与干预中心',
    phone: '010-82951332',
    hours: '24小时',
  },
  { key: 'shanghai_962525', label: '上海心理热线', phone: '962525' },
  { key: 'hope24', label: '希望24热线', phone: '400-161-9995', hours: '24小时' },
  { key: 'emergency_110', label: '紧急情况（报警）', phone: '110' },
  { key: 'emergency_120', label: '紧急情况（急救）', phone: '120' },
];

const CRISIS_SENTENCE =
  '你提到最近有伤害自己或不如死掉的念头，请不要独自承受：现在就联系一位信任的人或拨打心理援助热线 12356，尽快寻求专业帮助；如果有紧急危险，请立即拨打 110 或 120。';

/**
 * Scores `answers` (question key → option key) against `instrument`.
 * @throws ScaleAnswerError when a question is unanswered, an answer is not one of that question's
 *   option keys, or a key names no question of the instrument.
 */
export function scoreScale(
  instrument: ScaleInstrument,
  answers: Readonly<Record<string, unknown>>,
): ScaleScore {
  const keyedValues = readKeyedValues(instrument, answers);
  const crisisFlag = instrument.questions.some((question) => isCrisisAnswer(question, answers[question.key]));
  const rawScore = sumValues(instrument.questions, keyedValues);
  const { scoring } = instrument;

  const score = scoring.method === 'scaled_sum' ? rawScore * scoring.multiplier : rawScore;
  const band = findBand(instrument.bands, score, instrument.slug);

  if (scoring.method === 'dimension_sums') {
    const dimensions = Object.fromEntries(
      scoring.dimensions.map((dimension) => [
        dimension.key,
        scoreDimension(dimension, instrument, keyedValues),
      ]),
    );
    return {
      score,
      raw_score: rawScore,
      band: band.key,
      band_label: band.label,
      min_score: scoring.minScore,
      max_score: scoring.maxScore,
      dimensions,
      crisis_flag: crisisFlag,
      suggests_professional_help: band.suggestsProfessionalHelp,
      interpretation: [describeDimensionProfile(scoring.dimensions, dimensions), band.interpretation].join(
        '',
      ),
    };
  }

  return {
    score,
    raw_score: rawScore,
    band: band.key,
    band_label: band.label,
    min_score: scoring.minScore,
    max_score: scoring.maxScore,
    crisis_flag: crisisFlag,
    suggests_professional_help: band.suggestsProfessionalHelp || crisisFlag,
    // The safety message leads: it matters more than the band.
    interpretation: crisisFlag ? CRISIS_SENTENCE + band.interpretation : band.interpretation,
  };
}

/** Validates every answer and returns each question's value after reverse keying. */
function readKeyedValues(
  instrument: ScaleInstrument,
  answers: Readonly<Record<string, unknown>>,
): ReadonlyMap<string, number> {
  const values = new Map<string, number>();
  for (const question of instrument.questions) {
    if (!Object.hasOwn(answers, question.key)) throw new ScaleAnswerError(question.key, 'missing');
    const answer = answers[question.key];
    const option = question.options.find((candidate) => candidate.key === answer);
    if (typeof answer !== 'string' || !option) throw new ScaleAnswerError(question.key, 'invalid_option');
    values.set(question.key, question.reverse ? reverseValue(question, option.value) : option.value);
  }
  for (const key of Object.keys(answers)) {
    if (!values.has(key)) throw new ScaleAnswerError(key, 'unknown_question');
  }
  return values;
}

function reverseValue(question: ScaleQuestion, value: number): number {
  const optionValues = question.options.map((option) => option.value);
  return Math.min(...optionValues) + Math.max(...optionValues) - value;
}

function isCrisisAnswer(question: ScaleQuestion, answer: unknown): boolean {
  return typeof answer === 'string' && (question.crisisOptionKeys?.includes(answer) ?? false);
}

function sumValues(questions: readonly ScaleQuestion[], keyedValues: ReadonlyMap<string, number>): number {
  return questions.reduce((total, question) => total + (keyedValues.get(question.key) ?? 0), 0);
}

function scoreDimension(
  dimension: ScaleDimension,
  instrument: ScaleInstrument,
  keyedValues: ReadonlyMap<string, number>,
): DimensionScore {
  const questions = instrument.questions.filter((question) => question.dimension === dimension.key);
  const score = sumValues(questions, keyedValues);
  const band = findBand(dimension.bands, score, `${instrument.slug}.${dimension.key}`);
  return {
    score,
    band: band.key,
    band_label: band.label,
    min_score: dimension.minScore,
    max_score: dimension.maxScore,
    interpretation: band.interpretation,
  };
}

function describeDimensionProfile(
  dimensions: readonly ScaleDimension[],
  scores: Readonly<Record<string, DimensionScore>>,
): string {
  const parts = dimensions.map((dimension) => `${dimension.title}${scores[dimension.key]?.band_label ?? ''}`);
  return `你的${parts.join('，')}。`;
}

function findBand(bands: readonly ScoreBand[], score: number, owner: string): ScoreBand {
  const band = bands.find((candidate) => score >= candidate.min && score <= candidate.max);
  // Unreachable for a well-formed instrument (instruments.test.ts checks band coverage).
  if (!band) throw new Error(`no band of ${owner} covers score ${score}`);
  return band;
}
