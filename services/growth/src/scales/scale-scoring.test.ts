import { describe, expect, it } from 'vitest';
import { GAD7, IPIP50, K10, PHQ9, PSS10, RSES, SCALE_INSTRUMENTS, UCLA3, WHO5 } from './instruments/index.ts';
import type { ScaleInstrument } from './instruments/scale-instrument.ts';
import { CRISIS_RESOURCES, ScaleAnswerError, scoreScale } from './scale-scoring.ts';

const SENTENCE_END = /[。！？]/g;

/** Answers every question with the same option key. */
function answerAll(instrument: ScaleInstrument, optionKey: string): Record<string, string> {
  return Object.fromEntries(instrument.questions.map((question) => [question.key, optionKey]));
}

/** Answers item n (1-based) with `optionKeys[n - 1]`. */
function answerEach(optionKeys: readonly string[]): Record<string, string> {
  return Object.fromEntries(optionKeys.map((optionKey, index) => [`q${index + 1}`, optionKey]));
}

function repeat(optionKey: string, times: number): string[] {
  return Array.from({ length: times }, () => optionKey);
}

function countSentences(text: string): number {
  return text.match(SENTENCE_END)?.length ?? 0;
}

function captureAnswerError(run: () => unknown): ScaleAnswerError {
  try {
    run();
  } catch (error) {
    if (error instanceof ScaleAnswerError) return error;
    throw error;
  }
  throw new Error('expected a ScaleAnswerError');
}

describe('PHQ-9 (0–3 per item, total 0–27)', () => {
  it('all "several days" = 9, mild, and flags item 9', () => {
    const result = scoreScale(PHQ9, answerAll(PHQ9, 'several_days'));
    expect(result).toMatchObject({ score: 9, band: 'mild', band_label: '轻度抑郁症状', max_score: 27 });
    expect(result.crisis_flag).toBe(true);
  });

  it('all "not at all" = 0, minimal, no crisis', () => {
    const result = scoreScale(PHQ9, answerAll(PHQ9, 'not_at_all'));
    expect(result).toMatchObject({
      score: 0,
      band: 'minimal',
      crisis_flag: false,
      suggests_professional_help: false,
    });
  });

  it.each([
    // items 1..9, hand-summed
    [[...repeat('several_days', 4), ...repeat('not_at_all', 5)], 4, 'minimal'],
    [[...repeat('several_days', 5), ...repeat('not_at_all', 4)], 5, 'mild'],
    [[...repeat('more_than_half', 4), 'several_days', ...repeat('not_at_all', 4)], 9, 'mild'],
    [[...repeat('more_than_half', 5), ...repeat('not_at_all', 4)], 10, 'moderate'],
    [[...repeat('nearly_every_day', 4), 'more_than_half', ...repeat('not_at_all', 4)], 14, 'moderate'],
    [[...repeat('nearly_every_day', 5), ...repeat('not_at_all', 4)], 15, 'moderately_severe'],
    [[...repeat('nearly_every_day', 6), 'several_days', ...repeat('not_at_all', 2)], 19, 'moderately_severe'],
    [[...repeat('nearly_every_day', 6), 'more_than_half', ...repeat('not_at_all', 2)], 20, 'severe'],
    [[...repeat('nearly_every_day', 8), 'not_at_all'], 24, 'severe'],
  ])('%j = %i (%s)', (optionKeys, score, band) => {
    const result = scoreScale(PHQ9, answerEach(optionKeys));
    expect(result.score).toBe(score);
    expect(result.band).toBe(band);
    expect(result.crisis_flag).toBe(false);
  });

  it('flags a crisis on item 9 whatever the total, and says where to get help', () => {
    for (const item9 of ['several_days', 'more_than_half', 'nearly_every_day']) {
      const result = scoreScale(PHQ9, answerEach([...repeat('not_at_all', 8), item9]));
      expect(result.band).toBe('minimal');
      expect(result.crisis_flag).toBe(true);
      expect(result.suggests_professional_help).toBe(true);
      expect(result.interpretation).toContain('12356');
      expect(countSentences(result.interpretation)).toBeLessThanOrEqual(4);
    }
  });

  it('suggests professional help from the moderate band up', () => {
    expect(
      scoreScale(PHQ9, answerEach([...repeat('more_than_half', 5), ...repeat('not_at_all', 4)])),
    ).toMatchObject({ band: 'moderate', suggests_professional_help: true });
  });
});

describe('GAD-7 (0–3 per item, total 0–21)', () => {
  it.each([
    ['not_at_all', 0, 'minimal'],
    ['several_days', 7, 'mild'],
    ['more_than_half', 14, 'moderate'],
    ['nearly_every_day', 21, 'severe'],
  ])('all "%s" = %i (%s)', (optionKey, score, band) => {
    expect(scoreScale(GAD7, answerAll(GAD7, optionKey))).toMatchObject({ score, band, max_score: 21 });
  });

  it.each([
    [[...repeat('several_days', 4), ...repeat('not_at_all', 3)], 4, 'minimal'],
    [[...repeat('more_than_half', 5), ...repeat('not_at_all', 2)], 10, 'moderate'],
    [[...repeat('nearly_every_day', 5), ...repeat('not_at_all', 2)], 15, 'severe'],
  ])('%j = %i (%s)', (optionKeys, score, band) => {
    expect(scoreScale(GAD7, answerEach(optionKeys))).toMatchObject({ score, band, crisis_flag: false });
  });
});

describe('PSS-10 (0–4, items 4, 5, 7, 8 reversed, total 0–40)', () => {
  it('all "very often": forward items 6×4 = 24, reversed items 4×0 → 24 (moderate)', () => {
    expect(scoreScale(PSS10, answerAll(PSS10, 'very_often'))).toMatchObject({ score: 24, band: 'moderate' });
  });

  it('all "never": forward items 0, reversed items 4×4 = 16 → 16 (moderate)', () => {
    expect(scoreScale(PSS10, answerAll(PSS10, 'never'))).toMatchObject({ score: 16, band: 'moderate' });
  });

  it('most stressed pattern = 40 (high); least stressed = 0 (low)', () => {
    const most = answerEach([
      'very_often',
      'very_often',
      'very_often',
      'never',
      'never',
      'very_often',
      'never',
      'never',
      'very_often',
      'very_often',
    ]);
    const least = answerEach([
      'never',
      'never',
      'never',
      'very_often',
      'very_often',
      'never',
      'very_often',
      'very_often',
      'never',
      'never',
    ]);
    expect(scoreScale(PSS10, most)).toMatchObject({ score: 40, band: 'high', max_score: 40 });
    expect(scoreScale(PSS10, least)).toMatchObject({ score: 0, band: 'low' });
  });

  it('mixed answers: 3+2+3+(4−1)+(4−2)+2+(4−1)+(4−0)+3+1 = 26 (moderate); item 10 one higher = 27 (high)', () => {
    const answers = [
      'fairly_often',
      'sometimes',
      'fairly_often',
      'almost_never',
      'sometimes',
      'sometimes',
      'almost_never',
      'never',
      'fairly_often',
      'almost_never',
    ];
    expect(scoreScale(PSS10, answerEach(answers))).toMatchObject({ score: 26, band: 'moderate' });
    const oneHigher = [...answers.slice(0, 9), 'sometimes'];
    expect(scoreScale(PSS10, answerEach(oneHigher))).toMatchObject({
      score: 27,
      band: 'high',
      suggests_professional_help: true,
    });
  });

  it('13 is low and 14 moderate', () => {
    // Reversed items 4, 5, 7, 8 answered "very often" score 0: 3+3+3+0+0+3+0+0+1+0 = 13.
    const thirteen = answerEach([
      'fairly_often',
      'fairly_often',
      'fairly_often',
      'very_often',
      'very_often',
      'fairly_often',
      'very_often',
      'very_often',
      'almost_never',
      'never',
    ]);
    expect(scoreScale(PSS10, thirteen)).toMatchObject({ score: 13, band: 'low' });
    const fourteen = answerEach([
      'fairly_often',
      'fairly_often',
      'fairly_often',
      'very_often',
      'very_often',
      'fairly_often',
      'very_often',
      'very_often',
      'sometimes',
      'never',
    ]);
    expect(scoreScale(PSS10, fourteen)).toMatchObject({ score: 14, band: 'moderate' });
  });
});

describe('RSES (0–3, items 2, 5, 6, 8, 9 reversed, total 0–30)', () => {
  const POSITIVE = [1, 3, 4, 7, 10];

  function answerRses(positive: string, negative: string, overrides: Record<number, string> = {}) {
    return answerEach(
      Array.from(
        { length: 10 },
        (_, index) => overrides[index + 1] ?? (POSITIVE.includes(index + 1) ? positive : negative),
      ),
    );
  }

  it('all "strongly agree": positives 5×3 = 15, negatives 5×(3−3) = 0 → 15 (normal)', () => {
    expect(scoreScale(RSES, answerAll(RSES, 'strongly_agree'))).toMatchObject({ score: 15, band: 'normal' });
  });

  it('positives "agree" (2), negatives "disagree" (3−1 = 2) → 20 (normal)', () => {
    expect(scoreScale(RSES, answerRses('agree', 'disagree'))).toMatchObject({ score: 20, band: 'normal' });
  });

  it('positives "strongly agree", negatives "strongly disagree" → 30 (high)', () => {
    expect(scoreScale(RSES, answerRses('strongly_agree', 'strongly_disagree'))).toMatchObject({
      score: 30,
      band: 'high',
      band_label: '自尊较高',
    });
  });

  it('positives "disagree" (1), negatives "agree" (3−2 = 1) → 10 (low, suggests help)', () => {
    expect(scoreScale(RSES, answerRses('disagree', 'agree'))).toMatchObject({
      score: 10,
      band: 'low',
      suggests_professional_help: true,
    });
  });

  it('band edges: 14 low, 15 normal, 25 normal, 26 high', () => {
    expect(scoreScale(RSES, answerRses('agree', 'agree', { 1: 'disagree' })).score).toBe(14);
    expect(scoreScale(RSES, answerRses('agree', 'agree', { 1: 'disagree' })).band).toBe('low');
    expect(scoreScale(RSES, answerRses('agree', 'agree'))).toMatchObject({ score: 15, band: 'normal' });
    expect(scoreScale(RSES, answerRses('strongly_agree', 'disagree'))).toMatchObject({
      score: 25,
      band: 'normal',
    });
    expect(
      scoreScale(RSES, answerRses('strongly_agree', 'disagree', { 9: 'strongly_disagree' })),
    ).toMatchObject({
      score: 26,
      band: 'high',
    });
  });
});

describe('WHO-5 (0–5 per item, raw 0–25 × 4 = 0–100)', () => {
  it('all "more than half of the time": raw 15 → 60 (good)', () => {
    expect(scoreScale(WHO5, answerAll(WHO5, 'more_than_half'))).toMatchObject({
      raw_score: 15,
      score: 60,
      band: 'good',
      max_score: 100,
    });
  });

  it('all "less than half of the time": raw 10 → 40 (poor wellbeing)', () => {
    expect(scoreScale(WHO5, answerAll(WHO5, 'less_than_half'))).toMatchObject({
      raw_score: 10,
      score: 40,
      band: 'poor',
    });
  });

  it('raw 7 → 28 is the depression-screening band; raw 8 → 32 is poor', () => {
    const seven = answerEach([
      'less_than_half',
      'less_than_half',
      'some_of_the_time',
      'some_of_the_time',
      'some_of_the_time',
    ]);
    expect(scoreScale(WHO5, seven)).toMatchObject({
      raw_score: 7,
      score: 28,
      band: 'depression_screening',
      suggests_professional_help: true,
    });
    const eight = answerEach([
      'less_than_half',
      'less_than_half',
      'less_than_half',
      'some_of_the_time',
      'some_of_the_time',
    ]);
    expect(scoreScale(WHO5, eight)).toMatchObject({ raw_score: 8, score: 32, band: 'poor' });
  });

  it('raw 12 → 48 is poor; raw 13 → 52 is good; all / none of the time → 100 / 0', () => {
    const twelve = answerEach([
      'more_than_half',
      'more_than_half',
      'more_than_half',
      'more_than_half',
      'at_no_time',
    ]);
    const thirteen = answerEach([
      'more_than_half',
      'more_than_half',
      'more_than_half',
      'more_than_half',
      'some_of_the_time',
    ]);
    expect(scoreScale(WHO5, twelve)).toMatchObject({ score: 48, band: 'poor' });
    expect(scoreScale(WHO5, thirteen)).toMatchObject({ score: 52, band: 'good' });
    expect(scoreScale(WHO5, answerAll(WHO5, 'all_of_the_time')).score).toBe(100);
    expect(scoreScale(WHO5, answerAll(WHO5, 'at_no_time')).score).toBe(0);
  });
});

describe('K10 (1–5 per item, total 10–50)', () => {
  it.each([
    ['none_of_the_time', 10, 'low'],
    ['a_little_of_the_time', 20, 'moderate'],
    ['some_of_the_time', 30, 'very_high'],
    ['all_of_the_time', 50, 'very_high'],
  ])('all "%s" = %i (%s)', (optionKey, score, band) => {
    expect(scoreScale(K10, answerAll(K10, optionKey))).toMatchObject({
      score,
      band,
      min_score: 10,
      max_score: 50,
    });
  });

  it.each([
    [[...repeat('a_little_of_the_time', 5), ...repeat('none_of_the_time', 5)], 15, 'low'],
    [[...repeat('a_little_of_the_time', 6), ...repeat('none_of_the_time', 4)], 16, 'moderate'],
    [
      [
        ...repeat('most_of_the_time', 3),
        ...repeat('a_little_of_the_time', 3),
        ...repeat('none_of_the_time', 4),
      ],
      22,
      'high',
    ],
    [
      [...repeat('most_of_the_time', 6), 'a_little_of_the_time', ...repeat('none_of_the_time', 3)],
      29,
      'high',
    ],
    [
      [...repeat('most_of_the_time', 6), 'some_of_the_time', ...repeat('none_of_the_time', 3)],
      30,
      'very_high',
    ],
  ])('%j = %i (%s)', (optionKeys, score, band) => {
    expect(scoreScale(K10, answerEach(optionKeys))).toMatchObject({ score, band });
  });
});

describe('UCLA 3-item (1–3 per item, total 3–9)', () => {
  it.each([
    [['hardly_ever', 'hardly_ever', 'hardly_ever'], 3, 'not_lonely'],
    [['some_of_the_time', 'some_of_the_time', 'hardly_ever'], 5, 'not_lonely'],
    [['hardly_ever', 'some_of_the_time', 'often'], 6, 'lonely'],
    [['often', 'often', 'often'], 9, 'lonely'],
  ])('%j = %i (%s)', (optionKeys, score, band) => {
    expect(scoreScale(UCLA3, answerEach(optionKeys))).toMatchObject({
      score,
      band,
      min_score: 3,
      max_score: 9,
    });
  });
});

describe('IPIP-50 (1–5 per item, − items reversed as 6 − value, 10–50 per dimension)', () => {
  it('all "very accurate": each dimension = 5 × (+ items) + 1 × (− items)', () => {
    const result = scoreScale(IPIP50, answerAll(IPIP50, 'very_accurate'));
    // E 5+ 5− = 30; A 6+ 4− = 34; C 6+ 4− = 34; ES 2+ 8− = 18; I 7+ 3− = 38.
    expect(result.dimensions).toMatchObject({
      extraversion: { score: 30, band: 'average', band_label: '中等' },
      agreeableness: { score: 34, band: 'average' },
      conscientiousness: { score: 34, band: 'average' },
      emotional_stability: { score: 18, band: 'low', band_label: '偏低' },
      intellect: { score: 38, band: 'high', band_label: '偏高' },
    });
    expect(result).toMatchObject({
      score: 154,
      band: 'profile',
      min_score: 50,
      max_score: 250,
      crisis_flag: false,
    });
  });

  it('"very accurate" on + items and "very inaccurate" on − items = 50 on every dimension', () => {
    const answers = Object.fromEntries(
      IPIP50.questions.map((question) => [
        question.key,
        question.reverse ? 'very_inaccurate' : 'very_accurate',
      ]),
    );
    const result = scoreScale(IPIP50, answers);
    for (const dimension of Object.values(result.dimensions ?? {})) {
      expect(dimension).toMatchObject({ score: 50, band: 'high', min_score: 10, max_score: 50 });
    }
    expect(result.score).toBe(250);
  });

  it('all "neither" = 30 on every dimension', () => {
    const result = scoreScale(IPIP50, answerAll(IPIP50, 'neither'));
    expect(Object.values(result.dimensions ?? {}).map((dimension) => dimension.score)).toEqual([
      30, 30, 30, 30, 30,
    ]);
    expect(result.interpretation).toContain('外向性中等');
  });

  it('a mixed extraversion pattern sums by hand: 4+4+5+3+3+5+2+2+1+1 = 30', () => {
    // Extraversion items 1, 6−, 11, 16−, 21, 26−, 31, 36−, 41, 46−.
    const extraversion: Record<number, string> = {
      1: 'moderately_accurate', // 4
      6: 'moderately_inaccurate', // 6 − 2 = 4
      11: 'very_accurate', // 5
      16: 'neither', // 6 − 3 = 3
      21: 'neither', // 3
      26: 'very_inaccurate', // 6 − 1 = 5
      31: 'moderately_inaccurate', // 2
      36: 'moderately_accurate', // 6 − 4 = 2
      41: 'very_inaccurate', // 1
      46: 'very_accurate', // 6 − 5 = 1
    };
    const answers = Object.fromEntries(
      IPIP50.questions.map((question) => [
        question.key,
        extraversion[Number(question.key.slice(1))] ?? 'moderately_accurate',
      ]),
    );
    const result = scoreScale(IPIP50, answers);
    expect(result.dimensions?.extraversion?.score).toBe(30);
    // The other dimensions: "moderately accurate" = 4 on + items, 6 − 4 = 2 on − items.
    expect(result.dimensions?.emotional_stability?.score).toBe(2 * 4 + 8 * 2);
    expect(result.dimensions?.intellect).toMatchObject({ score: 7 * 4 + 3 * 2, band: 'average' });
  });

  it('band edges per dimension: 24 low, 25 average, 35 average, 36 high', () => {
    // Intellect: 7 + items, 3 − items. All "neither" gives 30; move + items to change the sum.
    const withIntellect = (plusKey: string, count: number) =>
      Object.fromEntries(
        IPIP50.questions.map((question) => {
          const plusIndex = IPIP50.questions
            .filter((q) => q.dimension === 'intellect' && !q.reverse)
            .findIndex((q) => q.key === question.key);
          return [question.key, plusIndex >= 0 && plusIndex < count ? plusKey : 'neither'];
        }),
      );
    const score = (answers: Record<string, string>) => scoreScale(IPIP50, answers).dimensions?.intellect;
    expect(score(withIntellect('moderately_accurate', 5))).toMatchObject({ score: 35, band: 'average' });
    expect(score(withIntellect('moderately_accurate', 6))).toMatchObject({ score: 36, band: 'high' });
    expect(score(withIntellect('moderately_inaccurate', 5))).toMatchObject({ score: 25, band: 'average' });
    expect(score(withIntellect('moderately_inaccurate', 6))).toMatchObject({ score: 24, band: 'low' });
  });
});

describe('answer validation', () => {
  it('rejects a missing answer, naming the question', () => {
    const answers = answerAll(PHQ9, 'not_at_all');
    delete answers.q3;
    const error = captureAnswerError(() => scoreScale(PHQ9, answers));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ScaleAnswerError', questionKey: 'q3', reason: 'missing' });
  });

  it('rejects an empty answer set at the first question', () => {
    expect(captureAnswerError(() => scoreScale(GAD7, {}))).toMatchObject({
      questionKey: 'q1',
      reason: 'missing',
    });
  });

  it('rejects an option key that is not one of the question’s options', () => {
    const answers = { ...answerAll(PHQ9, 'not_at_all'), q5: 'sometimes' };
    expect(captureAnswerError(() => scoreScale(PHQ9, answers))).toMatchObject({
      questionKey: 'q5',
      reason: 'invalid_option',
    });
  });

  it('rejects non-string answers such as the option value itself', () => {
    const answers: Record<string, unknown> = { ...answerAll(K10, 'none_of_the_time'), q2: 1 };
    expect(captureAnswerError(() => scoreScale(K10, answers))).toMatchObject({
      questionKey: 'q2',
      reason: 'invalid_option',
    });
    const withNull: Record<string, unknown> = { ...answerAll(K10, 'none_of_the_time'), q10: null };
    expect(captureAnswerError(() => scoreScale(K10, withNull))).toMatchObject({
      questionKey: 'q10',
      reason: 'invalid_option',
    });
  });

  it('rejects unknown extra keys', () => {
    const answers = { ...answerAll(UCLA3, 'often'), q4: 'often' };
    expect(captureAnswerError(() => scoreScale(UCLA3, answers))).toMatchObject({
      questionKey: 'q4',
      reason: 'unknown_question',
    });
  });

  it('rejects a "__proto__" key from parsed JSON and ignores inherited properties', () => {
    const parsed: unknown = JSON.parse('{"q1":"often","q2":"often","q3":"often","__proto__":"often"}');
    if (typeof parsed !== 'object' || parsed === null) throw new Error('bad fixture');
    expect(
      captureAnswerError(() => scoreScale(UCLA3, Object.fromEntries(Object.entries(parsed)))),
    ).toMatchObject({
      questionKey: '__proto__',
      reason: 'unknown_question',
    });
    const inherited: Record<string, unknown> = Object.create({ q1: 'often' });
    inherited.q2 = 'often';
    inherited.q3 = 'often';
    expect(captureAnswerError(() => scoreScale(UCLA3, inherited))).toMatchObject({
      questionKey: 'q1',
      reason: 'missing',
    });
  });
});

describe('interpretations', () => {
  /** One answer set per band of every instrument, found by walking each item from low to high. */
  function answersCoveringEveryBand(instrument: ScaleInstrument): Record<string, string>[] {
    const ascending = instrument.questions.map((question) => {
      const byKeyedValue = [...question.options].sort((a, b) =>
        question.reverse ? b.value - a.value : a.value - b.value,
      );
      return byKeyedValue.map((option) => option.key);
    });
    const sets: Record<string, string>[] = [];
    const levels = ascending.map(() => 0);
    sets.push(Object.fromEntries(instrument.questions.map((q, i) => [q.key, ascending[i]?.[0] ?? ''])));
    let changed = true;
    while (changed) {
      changed = false;
      for (let index = 0; index < levels.length; index += 1) {
        const options = ascending[index] ?? [];
        if ((levels[index] ?? 0) < options.length - 1) {
          levels[index] = (levels[index] ?? 0) + 1;
          changed = true;
          sets.push(
            Object.fromEntries(
              instrument.questions.map((q, i) => [q.key, ascending[i]?.[levels[i] ?? 0] ?? '']),
            ),
          );
        }
      }
    }
    return sets;
  }

  it.each(SCALE_INSTRUMENTS.map((instrument) => [instrument.slug, instrument] as const))(
    '%s: every band is reached and reads as 2–4 non-diagnostic Chinese sentences',
    (_slug, instrument) => {
      const seenBands = new Set<string>();
      for (const answers of answersCoveringEveryBand(instrument)) {
        const result = scoreScale(instrument, answers);
        seenBands.add(result.band);
        const sentences = countSentences(result.interpretation);
        expect(sentences, result.interpretation).toBeGreaterThanOrEqual(2);
        expect(sentences, result.interpretation).toBeLessThanOrEqual(4);
        expect(result.interpretation).not.toMatch(/患有|确诊|你得了/);
        if (result.suggests_professional_help) expect(result.interpretation).toMatch(/专业/);
      }
      expect([...seenBands].sort()).toEqual(instrument.bands.map((band) => band.key).sort());
    },
  );

  it('high bands suggest professional help', () => {
    for (const [instrument, bandKeys] of [
      [PHQ9, ['moderate', 'moderately_severe', 'severe']],
      [GAD7, ['moderate', 'severe']],
      [PSS10, ['high']],
      [WHO5, ['depression_screening']],
      [K10, ['high', 'very_high']],
    ] as const) {
      for (const key of bandKeys) {
        const band = instrument.bands.find((candidate) => candidate.key === key);
        expect(band?.suggestsProfessionalHelp, `${instrument.slug}.${key}`).toBe(true);
        expect(band?.interpretation).toMatch(/专业/);
      }
    }
  });
});

describe('CRISIS_RESOURCES', () => {
  it('lists the national line, the Beijing 24-hour centre, Shanghai, Hope 24 and 110 / 120', () => {
    expect(CRISIS_RESOURCES.map((resource) => [resource.label, resource.phone])).toEqual([
      ['全国心理援助热线', '12356'],
      ['北京心理危机研究与干预中心', '010-82951332'],
      ['上海心理热线', '962525'],
      ['希望24热线', '400-161-9995'],
      ['紧急情况（报警）', '110'],
      ['紧急情况（急救）', '120'],
    ]);
    expect(CRISIS_RESOURCES.find((resource) => resource.phone === '010-82951332')?.hours).toBe('24小时');
  });
});
