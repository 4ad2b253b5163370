/**
 * Readings of a natal chart shared by the portrait and the star report: sign texts of the big three and personal
 * planets, aspect texts, dominant planets and house emphasis.
 */
import {
  arcDistance,
  ASPECT_NAMES_ZH,
  computeNatalAspects,
  signNameZh,
  signOf,
  type Aspect,
  type BodyKey,
  type Chart,
  type SignKey,
} from '../../astrology/index.ts';
import type { TemplateBook } from '../templates/template-book.ts';
import { pairKey } from './aspect-keys.ts';
import { pointNameZh, requireBody } from './chart-summary.ts';
import { SIGN_RULER } from './sign-qualities.ts';

export interface SignReading {
  sign: SignKey;
  sign_name: string;
  text: string;
}

export interface BigThree {
  sun: SignReading;
  moon: SignReading;
  /** Null without a birth time. */
  ascendant: SignReading | null;
}

const INNER_PLANETS = ['mercury', 'venus', 'mars'] as const;
/** Points that make an aspect personal; aspects among the slow planets alone describe a generation. */
const PERSONAL: ReadonlySet<Aspect['a']> = new Set([
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'ascendant',
  'midheaven',
]);
const ANGULAR_HOUSES: ReadonlySet<number> = new Set([1, 4, 7, 10]);
const DOMINANT_COUNT = 3;
const HOUSE_EMPHASIS_COUNT = 2;
/** Dominance points (see scoreDominantPlanets). */
const ANGULAR_HOUSE_POINTS = 3;
const ANGLE_CONTACT_POINTS = 3;
const ANGLE_CONTACT_ORB_DEG = 8;
const CHART_RULER_POINTS = 3;
const SUN_RULER_POINTS = 1.5;
const LUMINARY_POINTS = 1;
const ASPECT_POINTS = 0.5;
/** House emphasis: the luminaries count double; a house needs this much weight to be "emphasised". */
const LUMINARY_HOUSE_WEIGHT = 2;
const HOUSE_EMPHASIS_MIN_WEIGHT = 3;
const HOUSE_BODIES: readonly BodyKey[] = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
];

function readSign(
  body: 'sun' | 'moon' | 'ascendant' | 'mercury' | 'venus' | 'mars',
  sign: SignKey,
  templates: TemplateBook,
) {
  return { sign, sign_name: signNameZh(sign), text: templates.render('sign', `${body}.${sign}`) };
}

export function readBigThree(chart: Chart, templates: TemplateBook): BigThree {
  return {
    sun: readSign('sun', requireBody(chart, 'sun').sign, templates),
    moon: readSign('moon', requireBody(chart, 'moon').sign, templates),
    ascendant: chart.ascendant === null ? null : readSign('ascendant', signOf(chart.ascendant), templates),
  };
}

export function readInnerPlanets(
  chart: Chart,
  templates: TemplateBook,
): Array<SignReading & { key: string }> {
  return INNER_PLANETS.map((key) => ({ key, ...readSign(key, requireBody(chart, key).sign, templates) }));
}

/** Personal aspects of the chart, tightest first. */
export function listPersonalAspects(chart: Chart): Aspect[] {
  return computeNatalAspects(chart).filter((aspect) => PERSONAL.has(aspect.a) || PERSONAL.has(aspect.b));
}

export function describeNatalAspect(aspect: Aspect, templates: TemplateBook): string {
  const own = templates.find('aspect', `${pairKey(aspect.a, aspect.b)}.${aspect.type}`);
  if (own !== null) return own;
  return templates.render('aspect_type', aspect.type, { a: pointNameZh(aspect.a), b: pointNameZh(aspect.b) });
}

/** The aspects worth a paragraph: those with a text of their own first, then the tightest personal ones. */
export function pickAspectReadings(chart: Chart, templates: TemplateBook, count: number): Aspect[] {
  const personal = listPersonalAspects(chart);
  const withText = personal.filter(
    (aspect) => templates.find('aspect', `${pairKey(aspect.a, aspect.b)}.${aspect.type}`) !== null,
  );
  const rest = personal.filter((aspect) => !withText.includes(aspect));
  return [...withText, ...rest].slice(0, count);
}

export function aspectLabel(aspect: Aspect): string {
  return `${pointNameZh(aspect.a)}${ASPECT_NAMES_ZH[aspect.type]}${pointNameZh(aspect.b)}`;
}

export interface DominantPlanet {
  key: BodyKey;
  name: string;
  score: number;
  text: string;
}

/**
 * Dominant planets: points for being in an angular house (1, 4, 7, 10), for a conjunction within 8° to the
 * ascendant or midheaven, for ruling the ascendant's sign (chart ruler) or the Sun's sign, for being a luminary,
 * and half a point per natal aspect. Ties go to chart order.
 */
export function scoreDominantPlanets(chart: Chart, templates: TemplateBook): DominantPlanet[] {
  const aspects = computeNatalAspects(chart);
  const chartRuler = chart.ascendant === null ? null : SIGN_RULER[signOf(chart.ascendant)];
  const sunRuler = SIGN_RULER[requireBody(chart, 'sun').sign];
  const scored = HOUSE_BODIES.map((key, order) => {
    const body = requireBody(chart, key);
    let score = 0;
    if (body.house !== null && ANGULAR_HOUSES.has(body.house)) score += ANGULAR_HOUSE_POINTS;
    for (const angle of [chart.ascendant, chart.midheaven]) {
      if (angle === null) continue;
      if (arcDistance(body.longitude, angle) <= ANGLE_CONTACT_ORB_DEG) score += ANGLE_CONTACT_POINTS;
    }
    if (key === chartRuler) score += CHART_RULER_POINTS;
    if (key === sunRuler) score += SUN_RULER_POINTS;
    if (key === 'sun' || key === 'moon') score += LUMINARY_POINTS;
    score += aspects.filter((aspect) => aspect.a === key || aspect.b === key).length * ASPECT_POINTS;
    return { key, order, score };
  });
  return scored
    .sort((x, y) => y.score - x.score || x.order - y.order)
    .slice(0, DOMINANT_COUNT)
    .map(({ key, score }) => ({
      key,
      name: pointNameZh(key),
      score,
      text: templates.render('dominant', key),
    }));
}

export interface HouseEmphasis {
  house: number;
  area: string;
  bodies: BodyKey[];
  text: string;
}

/** The most occupied houses (luminaries count double); empty without a birth time. */
export function findHouseEmphasis(chart: Chart, templates: TemplateBook): HouseEmphasis[] {
  if (!chart.houses) return [];
  const byHouse = new Map<number, { weight: number; bodies: BodyKey[] }>();
  for (const key of HOUSE_BODIES) {
    const body = requireBody(chart, key);
    if (body.house === null) continue;
    const entry = byHouse.get(body.house) ?? { weight: 0, bodies: [] };
    entry.weight += key === 'sun' || key === 'moon' ? LUMINARY_HOUSE_WEIGHT : 1;
    entry.bodies.push(key);
    byHouse.set(body.house, entry);
  }
  const ranked = [...byHouse.entries()]
    .sort(([hx, x], [hy, y]) => y.weight - x.weight || hx - hy)
    .filter(([, entry], index) => index === 0 || entry.weight >= HOUSE_EMPHASIS_MIN_WEIGHT)
    .slice(0, HOUSE_EMPHASIS_COUNT);
  return ranked.map(([house, entry]) => ({
    house,
    area: templates.render('house_area', String(house)),
    bodies: entry.bodies,
    text: templates.render('house', String(house)),
  }));
}

/** Notices a reader needs: unknown birth time, assumed birth place. */
export function readChartNotices(chart: Chart, templates: TemplateBook): string[] {
  const notices: string[] = [];
  if (!chart.timeKnown) notices.push(templates.render('portrait_note', 'time_unknown'));
  if (chart.location.assumed) notices.push(templates.render('portrait_note', 'place_assumed'));
  return notices;
}
