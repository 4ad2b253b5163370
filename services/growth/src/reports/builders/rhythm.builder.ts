/**
 * Rhythm report, a documented model in three parts:
 * 1. biorhythm: three sine cycles counted from the birth date — physical 23 days, emotional 28, intellectual 33 —
 *    value = round(100 · sin(2π · n / period)) where n is the number of days lived; today's values, their phase, and
 *    the curve of the next 30 days. A day is "critical" for a cycle when its curve crosses zero before the next day.
 * 2. the solar term in effect today (Asia/Shanghai) with its seasonal advice;
 * 3. today's notable transits: aspects of the sky now to the natal chart within 1.5°.
 * Biorhythm is presented as a self-observation tool; the texts say so and never advise against anything.
 */
import { computeTransits, type Chart } from '../../astrology/index.ts';
import { findSolarTermOnDay, getSolarTermAdvice, type SolarTermPosition } from '../../solar-terms/index.ts';
import type { ReportDetail } from '../report-detail.ts';
import type { TemplateBook } from '../templates/template-book.ts';
import { aspectNature } from './aspect-keys.ts';
import { roundTo } from './chart-summary.ts';
import { dayAfter, formatMonthDay, noonOf, reportDay } from './report-dates.ts';

export const BIORHYTHM_PERIODS = { physical: 23, emotional: 28, intellectual: 33 } as const;
export type RhythmCycle = keyof typeof BIORHYTHM_PERIODS;
const CYCLES = Object.keys(BIORHYTHM_PERIODS) as RhythmCycle[];

export type RhythmPhase = 'high' | 'rising' | 'falling' | 'low' | 'critical';

const CURVE_DAYS = 30;
const AMPLITUDE = 100;
/** |value| at or above this is a high or low phase. */
const PHASE_EXTREME = 60;
const NOTABLE_TRANSIT_ORB_DEG = 1.5;
const MS_PER_DAY = 86_400_000;
const ORB_DECIMALS = 2;
const UPCOMING_DAYS_LISTED = 6;

export interface RhythmPoint {
  day: string;
  physical: number;
  emotional: number;
  intellectual: number;
}

export interface RhythmInput {
  birthDate: string;
  chart: Chart;
  at: Date;
  templates: TemplateBook;
}

/**
 * The solar term of a day is the same for everyone, and computing it means three years of exact term instants; the
 * answers are kept, bounded, by day.
 */
const SOLAR_TERM_CACHE_LIMIT = 64;
const solarTermCache = new Map<string, SolarTermPosition>();

function solarTermOfDay(day: string): SolarTermPosition {
  let position = solarTermCache.get(day);
  if (!position) {
    position = findSolarTermOnDay(day);
    if (solarTermCache.size >= SOLAR_TERM_CACHE_LIMIT) {
      solarTermCache.delete(solarTermCache.keys().next().value ?? day);
    }
    solarTermCache.set(day, position);
  }
  return position;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

function sineOf(cycle: RhythmCycle, daysLived: number): number {
  return Math.sin((2 * Math.PI * daysLived) / BIORHYTHM_PERIODS[cycle]);
}

export function biorhythmValue(cycle: RhythmCycle, daysLived: number): number {
  // `+ 0` turns a rounded -0 into 0, so day zero reads 0 rather than -0.
  return Math.round(AMPLITUDE * sineOf(cycle, daysLived)) + 0;
}

export function biorhythmPhase(cycle: RhythmCycle, daysLived: number): RhythmPhase {
  const today = sineOf(cycle, daysLived);
  const tomorrow = sineOf(cycle, daysLived + 1);
  if (biorhythmValue(cycle, daysLived) === 0 || Math.sign(today) !== Math.sign(tomorrow)) return 'critical';
  const value = biorhythmValue(cycle, daysLived);
  if (value >= PHASE_EXTREME) return 'high';
  if (value <= -PHASE_EXTREME) return 'low';
  return tomorrow > today ? 'rising' : 'falling';
}

function pointOf(day: string, daysLived: number): RhythmPoint {
  return {
    day,
    physical: biorhythmValue('physical', daysLived),
    emotional: biorhythmValue('emotional', daysLived),
    intellectual: biorhythmValue('intellectual', daysLived),
  };
}

function describeUpcoming(
  birthDate: string,
  today: string,
  templates: TemplateBook,
): { critical: Array<{ day: string; cycle: RhythmCycle }>; paragraphs: string[] } {
  const critical: Array<{ day: string; cycle: RhythmCycle }> = [];
  for (let offset = 1; offset < CURVE_DAYS; offset++) {
    const day = dayAfter(today, offset);
    const lived = daysBetween(birthDate, day);
    for (const cycle of CYCLES) {
      if (biorhythmPhase(cycle, lived) === 'critical') critical.push({ day, cycle });
    }
  }
  const paragraphs = critical.slice(0, UPCOMING_DAYS_LISTED).map(({ day, cycle }) => {
    return `${formatMonthDay(noonOf(day))}：${templates.render('rhythm', `${cycle}.critical`)}`;
  });
  return { critical, paragraphs };
}

export function buildRhythmReport(input: RhythmInput): {
  summary: Record<string, unknown>;
  detail: ReportDetail;
} {
  const { birthDate, chart, at, templates } = input;
  const today = reportDay(at);
  const lived = daysBetween(birthDate, today);
  const phases = Object.fromEntries(CYCLES.map((cycle) => [cycle, biorhythmPhase(cycle, lived)])) as Record<
    RhythmCycle,
    RhythmPhase
  >;
  const curve = Array.from({ length: CURVE_DAYS }, (_, offset) =>
    pointOf(dayAfter(today, offset), lived + offset),
  );
  const cycleTexts = CYCLES.map((cycle) => templates.render('rhythm', `${cycle}.${phases[cycle]}`));

  const term = solarTermOfDay(today);
  const advice = getSolarTermAdvice(term.current.key);
  const termText = templates.render('rhythm', 'solar_term', {
    term: term.current.name,
    starts: formatMonthDay(term.current.startsAt),
    theme: advice.theme,
  });

  const transits = computeTransits(chart, at)
    .filter((aspect) => aspect.orb <= NOTABLE_TRANSIT_ORB_DEG)
    .sort((x, y) => x.orb - y.orb);
  const transitTexts = transits.map((aspect) =>
    templates.render('transit', `${aspect.a}.${aspectNature(aspect.type)}`, {
      natal: templates.render('point_area', aspect.b),
    }),
  );
  const upcoming = describeUpcoming(birthDate, today, templates);

  const summary = {
    model: {
      name: 'biorhythm',
      periods_days: BIORHYTHM_PERIODS,
      counted_from: birthDate,
      note: templates.render('rhythm', 'model_note'),
    },
    today: { ...pointOf(today, lived), days_lived: lived, phases },
    curve,
    solar_term: {
      key: term.current.key,
      name: term.current.name,
      starts_at: term.current.startsAt.toISOString(),
      theme: advice.theme,
      next: { key: term.next.key, name: term.next.name, starts_at: term.next.startsAt.toISOString() },
    },
    transits: transits.map((aspect) => ({
      transiting: aspect.a,
      natal: aspect.b,
      type: aspect.type,
      orb: roundTo(aspect.orb, ORB_DECIMALS),
    })),
    text: [...cycleTexts, termText].join(''),
  };

  const detail: ReportDetail = {
    sections: [
      {
        key: 'today',
        title: '今天的节律',
        preview: true,
        paragraphs: [...cycleTexts, templates.render('rhythm', 'model_note')],
      },
      {
        key: 'solar_term',
        title: '节气',
        preview: true,
        paragraphs: [termText, advice.mood],
      },
      {
        key: 'upcoming',
        title: '未来三十天的转换日',
        paragraphs: upcoming.paragraphs,
        data: { critical_days: upcoming.critical },
      },
      {
        key: 'transits',
        title: '今天值得留意的行运',
        paragraphs: transitTexts.length > 0 ? transitTexts : [templates.render('rhythm', 'transits_quiet')],
      },
      {
        key: 'seasonal_care',
        title: '顺着节气照顾自己',
        paragraphs: [advice.diet, advice.sleep, advice.movement],
      },
    ],
  };
  return { summary, detail };
}
