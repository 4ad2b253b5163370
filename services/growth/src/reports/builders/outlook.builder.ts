/**
 * The star report's outlook over five horizons, derived from the sky and never random: the same chart at the same
 * moment always reads the same.
 *
 * - day: aspects the fast bodies (Moon, Mercury, Venus, Sun, Mars) make to the natal chart now, and the Moon's sign;
 * - week: exact aspects of the Sun, Mercury, Venus and Mars to the personal points in the next seven days;
 * - month: Sun, Venus and Mars sign ingresses and the new and full moons of the next thirty days, placed in the
 *   natal houses (or described by sign when the birth time is unknown);
 * - year: the current solar return, exact aspects of Jupiter to Pluto to the personal points in the next twelve
 *   months, and the sign of the progressed Moon and when it moves on;
 * - lifetime: the chart's dominant element and modality, and the dates of the major cycles (Saturn returns,
 *   Jupiter return, Uranus opposition, node return).
 */
import {
  computeSecondaryProgression,
  findSolarReturn,
  SIGN_KEYS,
  signNameZh,
  signOf,
  type Aspect,
  type BodyKey,
  type BodyPosition,
  type Chart,
  type ChartPointKey,
} from '../../astrology/index.ts';
import type { TemplateBook } from '../templates/template-book.ts';
import { aspectNature } from './aspect-keys.ts';
import { requireBody } from './chart-summary.ts';
import { computeLifeCycles, type LifeCycle } from './life-cycles.ts';
import {
  dayAfter,
  formatFullDate,
  formatMonthDay,
  formatYearMonth,
  noonOf,
  reportDay,
} from './report-dates.ts';
import { computeBalances, ELEMENT_NAMES_ZH } from './sign-qualities.ts';
import {
  findAspectEvents,
  findIngresses,
  findLunations,
  houseOf,
  sampleSky,
  spacedInstants,
  type AspectEvent,
  type NatalPoint,
  type SkySample,
} from './sky-events.ts';

const FAST_BODIES: ReadonlySet<BodyKey> = new Set(['moon', 'mercury', 'venus', 'sun', 'mars']);
const WEEK_BODIES: readonly BodyKey[] = ['sun', 'mercury', 'venus', 'mars'];
const INGRESS_BODIES: readonly BodyKey[] = ['sun', 'venus', 'mars'];
const YEAR_BODIES: readonly BodyKey[] = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const PERSONAL_POINTS: readonly ChartPointKey[] = ['sun', 'moon', 'mercury', 'venus', 'mars'];

const WEEK_DAYS = 7;
const MONTH_DAYS = 30;
const YEAR_DAYS = 365;
/** Daily samples over the week, then every third day to the end of the month (Sun, Venus, Mars move ≤ 1.3°/day). */
const MONTH_STEP_DAYS = 3;
/** Monthly samples over the year (the slow bodies move at most a few degrees a month). */
const YEAR_STEP_DAYS = 30;
const DAY_HIGHLIGHTS = 3;
const WEEK_HIGHLIGHTS = 4;
const MONTH_HIGHLIGHTS = 6;
const YEAR_HIGHLIGHTS = 4;
const MS_PER_DAY = 86_400_000;
const DAYS_PER_YEAR = 365.2422;
const SIGN_SPAN_DEG = 30;
const DAY_OFFSETS_WEEK = Array.from({ length: WEEK_DAYS + 1 }, (_, day) => day);
const DAY_OFFSETS_MONTH_TAIL = Array.from(
  { length: Math.floor((MONTH_DAYS - WEEK_DAYS - 1) / MONTH_STEP_DAYS) + 1 },
  (_, k) => WEEK_DAYS + MONTH_STEP_DAYS * (k + 1),
);

export interface OutlookHighlight {
  date: string | null;
  kind: string;
  text: string;
  [key: string]: unknown;
}

export interface OutlookHorizon {
  from: string;
  to: string | null;
  text: string;
  highlights: OutlookHighlight[];
}

export interface Outlook {
  day: OutlookHorizon;
  week: OutlookHorizon;
  month: OutlookHorizon;
  year: OutlookHorizon;
  lifetime: OutlookHorizon;
}

function natalPointsOf(chart: Chart): NatalPoint[] {
  const points: NatalPoint[] = PERSONAL_POINTS.map((key) => ({
    key,
    longitude: requireBody(chart, key as BodyKey).longitude,
  }));
  if (chart.ascendant !== null) points.push({ key: 'ascendant', longitude: chart.ascendant });
  if (chart.midheaven !== null) points.push({ key: 'midheaven', longitude: chart.midheaven });
  return points;
}

function describeTransit(
  templates: TemplateBook,
  body: ChartPointKey,
  natal: ChartPointKey,
  type: Aspect['type'],
) {
  return templates.render('transit', `${body}.${aspectNature(type)}`, {
    natal: templates.render('point_area', natal),
  });
}

/**
 * Text of a month event: placed in a natal house when the chart has houses (`<template>` with `{area}`), else read
 * by the sign alone (`<template>_sign`), since without a birth time there are no houses to place it in.
 */
function renderPlaced(
  chart: Chart,
  template: string,
  longitude: number,
  vars: Record<string, string>,
  templates: TemplateBook,
): string {
  if (!chart.houses) return templates.render('outlook', `${template}_sign`, vars);
  const area = templates.render('house_area', String(houseOf(longitude, chart.houses)));
  return templates.render('outlook', template, { ...vars, area });
}

function joinTexts(intro: string, texts: readonly string[]): string {
  return [intro, ...texts].join('');
}

function aspectEventHighlight(event: AspectEvent, templates: TemplateBook): OutlookHighlight {
  const text = describeTransit(templates, event.body, event.natal, event.type);
  return {
    date: reportDay(event.at),
    kind: 'transit',
    transiting: event.body,
    natal: event.natal,
    type: event.type,
    text: templates.render('outlook', 'dated_transit', { date: formatMonthDay(event.at), text }),
  };
}

export interface OutlookInput {
  chart: Chart;
  at: Date;
  /** The sky at `at` and its aspects to the chart (the star report computes them anyway). */
  skyNow: readonly BodyPosition[];
  transitsNow: readonly Aspect[];
  templates: TemplateBook;
}

function buildDay(input: OutlookInput): OutlookHorizon {
  const { templates } = input;
  const today = reportDay(input.at);
  const moonText = templates.render('moon_day', requireBody({ bodies: input.skyNow }, 'moon').sign);
  const highlights: OutlookHighlight[] = input.transitsNow
    .filter((aspect) => FAST_BODIES.has(aspect.a as BodyKey))
    .sort((x, y) => x.orb - y.orb)
    .slice(0, DAY_HIGHLIGHTS)
    .map((aspect) => ({
      date: today,
      kind: 'transit',
      transiting: aspect.a,
      natal: aspect.b,
      type: aspect.type,
      text: describeTransit(templates, aspect.a, aspect.b, aspect.type),
    }));
  const lead = highlights[0]?.text ?? templates.render('outlook', 'day_quiet');
  return { from: today, to: today, text: moonText + lead, highlights };
}

function buildWeek(input: OutlookInput, samples: readonly SkySample[], points: NatalPoint[]): OutlookHorizon {
  const { templates } = input;
  const today = reportDay(input.at);
  const highlights = findAspectEvents(samples, WEEK_BODIES, points)
    .slice(0, WEEK_HIGHLIGHTS)
    .map((event) => aspectEventHighlight(event, templates));
  const text =
    highlights.length > 0
      ? joinTexts(
          templates.render('outlook', 'week_intro'),
          highlights.map((h) => h.text),
        )
      : templates.render('outlook', 'week_quiet');
  return { from: today, to: dayAfter(today, WEEK_DAYS - 1), text, highlights };
}

function buildMonth(input: OutlookInput, samples: readonly SkySample[]): OutlookHorizon {
  const { chart, templates } = input;
  const today = reportDay(input.at);
  const ingresses = findIngresses(samples, INGRESS_BODIES).map((event) => ({
    at: event.at,
    highlight: {
      date: reportDay(event.at),
      kind: 'ingress',
      body: event.body,
      sign: event.sign,
      // Placed where the body enters: the first degree of the sign.
      text: renderPlaced(
        chart,
        `ingress_${event.body}`,
        SIGN_KEYS.indexOf(event.sign) * SIGN_SPAN_DEG,
        {
          date: formatMonthDay(event.at),
          sign: signNameZh(event.sign),
          keyword: templates.render('sign_keyword', event.sign),
        },
        templates,
      ),
    } satisfies OutlookHighlight,
  }));
  const lunations = findLunations(noonOf(reportDay(input.at)), MONTH_DAYS).map((event) => ({
    at: event.at,
    highlight: {
      date: reportDay(event.at),
      kind: event.kind === 'new' ? 'new_moon' : 'full_moon',
      sign: signOf(event.longitude),
      text: renderPlaced(
        chart,
        `lunation_${event.kind}`,
        event.longitude,
        {
          date: formatMonthDay(event.at),
          sign: signNameZh(signOf(event.longitude)),
          keyword: templates.render('sign_keyword', signOf(event.longitude)),
        },
        templates,
      ),
    } satisfies OutlookHighlight,
  }));
  const highlights = [...ingresses, ...lunations]
    .sort((x, y) => x.at.getTime() - y.at.getTime())
    .slice(0, MONTH_HIGHLIGHTS)
    .map((entry) => entry.highlight);
  const text =
    highlights.length > 0
      ? joinTexts(
          templates.render('outlook', 'month_intro'),
          highlights.map((h) => h.text),
        )
      : templates.render('outlook', 'month_quiet');
  return { from: today, to: dayAfter(today, MONTH_DAYS - 1), text, highlights };
}

function buildYear(input: OutlookInput, samples: readonly SkySample[], points: NatalPoint[]): OutlookHorizon {
  const { chart, templates, at } = input;
  const today = reportDay(at);
  // The return in effect is the latest one before now: this year's once the birthday has passed (checked, since
  // the return can fall a day either side of the birthday).
  const birthdayPassed = at.toISOString().slice(5, 10) >= chart.instantUtc.toISOString().slice(5, 10);
  const year = at.getUTCFullYear();
  let solarReturn = findSolarReturn(chart, birthdayPassed ? year : year - 1);
  if (solarReturn.instantUtc.getTime() > at.getTime()) {
    solarReturn = findSolarReturn(chart, solarReturn.instantUtc.getUTCFullYear() - 1);
  } else if (solarReturn.instantUtc.getTime() + (DAYS_PER_YEAR - 2) * MS_PER_DAY <= at.getTime()) {
    // Within two days of the next return: it may already have happened.
    const next = findSolarReturn(chart, solarReturn.instantUtc.getUTCFullYear() + 1);
    if (next.instantUtc.getTime() <= at.getTime()) solarReturn = next;
  }
  const returnDetail =
    solarReturn.ascendant === null
      ? templates.render('outlook', 'solar_return_no_time')
      : templates.render('outlook', 'solar_return_ascendant', {
          sign: signNameZh(signOf(solarReturn.ascendant)),
          keyword: templates.render('sign_keyword', signOf(solarReturn.ascendant)),
        });
  const solarReturnHighlight: OutlookHighlight = {
    date: reportDay(solarReturn.instantUtc),
    kind: 'solar_return',
    at: solarReturn.instantUtc.toISOString(),
    ascendant_sign: solarReturn.ascendant === null ? null : signOf(solarReturn.ascendant),
    text: templates.render('outlook', 'solar_return', {
      date: formatFullDate(solarReturn.instantUtc),
      detail: returnDetail,
    }),
  };

  const outer = findAspectEvents(samples, YEAR_BODIES, points)
    .slice(0, YEAR_HIGHLIGHTS)
    .map((event) => {
      const highlight = aspectEventHighlight(event, templates);
      return {
        ...highlight,
        text: templates.render('outlook', 'dated_transit', {
          date: formatYearMonth(event.at),
          text: describeTransit(templates, event.body, event.natal, event.type),
        }),
      };
    });

  const progressed = computeSecondaryProgression(chart, at);
  const moon = requireBody(progressed, 'moon');
  // The progressed Moon moves `speed` degrees per day of the ephemeris, i.e. per year of life.
  const yearsToNextSign = (SIGN_SPAN_DEG - moon.signDegree) / Math.max(moon.speed, Number.EPSILON);
  const nextSignAt = new Date(at.getTime() + yearsToNextSign * DAYS_PER_YEAR * MS_PER_DAY);
  const progressedHighlight: OutlookHighlight = {
    date: null,
    kind: 'progressed_moon',
    sign: moon.sign,
    next_sign_at: reportDay(nextSignAt),
    text: templates.render('outlook', 'progressed_moon', {
      sign: signNameZh(moon.sign),
      keyword: templates.render('sign_keyword', moon.sign),
      until: formatYearMonth(nextSignAt),
    }),
  };

  const highlights = [solarReturnHighlight, ...outer, progressedHighlight];
  const outerTexts =
    outer.length > 0 ? outer.map((h) => h.text) : [templates.render('outlook', 'year_quiet')];
  const text = joinTexts(templates.render('outlook', 'year_intro'), [
    solarReturnHighlight.text,
    ...outerTexts,
    progressedHighlight.text,
  ]);
  return { from: today, to: dayAfter(today, YEAR_DAYS - 1), text, highlights };
}

function describeCycle(cycle: LifeCycle, at: Date, templates: TemplateBook): string {
  if (cycle.key === 'saturn_return_1' && cycle.at.getTime() < at.getTime()) {
    return templates.render('cycle', 'saturn_return_passed', { date: formatYearMonth(cycle.at) });
  }
  return templates.render('cycle', cycle.key, { date: formatYearMonth(cycle.at), age: cycle.age });
}

function buildLifetime(input: OutlookInput): OutlookHorizon {
  const { chart, templates, at } = input;
  const { elements, modalities } = computeBalances(chart);
  const cycles = computeLifeCycles(chart, at);
  const cycleHighlights: OutlookHighlight[] = cycles.map((cycle) => ({
    date: reportDay(cycle.at),
    kind: cycle.key,
    age: cycle.age,
    text: describeCycle(cycle, at, templates),
  }));
  const themes = [
    templates.render('element', elements.dominant),
    templates.render('modality', modalities.dominant),
  ];
  return {
    from: reportDay(chart.instantUtc),
    to: null,
    text: joinTexts(templates.render('outlook', 'lifetime_intro'), [
      ...themes,
      ...cycleHighlights.map((h) => h.text),
    ]),
    highlights: [
      {
        date: null,
        kind: 'element',
        element: elements.dominant,
        element_name: ELEMENT_NAMES_ZH[elements.dominant],
        modality: modalities.dominant,
        text: themes.join(''),
      },
      ...cycleHighlights,
    ],
  };
}

export function buildOutlook(input: OutlookInput): Outlook {
  const points = natalPointsOf(input.chart);
  const dayOffsets = [...DAY_OFFSETS_WEEK, ...DAY_OFFSETS_MONTH_TAIL];
  // Samples start at noon (Shanghai) of today, so every report of the day shares them (see sampleSky).
  const todayNoon = noonOf(reportDay(input.at));
  const monthSamples = sampleSky(dayOffsets.map((day) => new Date(todayNoon.getTime() + day * MS_PER_DAY)));
  const weekSamples = monthSamples.slice(0, DAY_OFFSETS_WEEK.length);
  const yearSamples = sampleSky(
    spacedInstants(todayNoon, YEAR_STEP_DAYS, Math.ceil(YEAR_DAYS / YEAR_STEP_DAYS) + 1),
  );
  return {
    day: buildDay(input),
    week: buildWeek(input, weekSamples, points),
    month: buildMonth(input, monthSamples),
    year: buildYear(input, yearSamples, points),
    lifetime: buildLifetime(input),
  };
}
