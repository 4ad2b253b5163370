/**
 * Major (Ptolemaic) aspects within one chart, between two charts (synastry) and from the sky
 * of a moment to a natal chart (transits).
 *
 * Orbs (degrees), chosen from common Western practice:
 * - natal and synastry: 8 for conjunction, opposition, trine and square, 6 for sextile;
 *   +2 when the Sun or the Moon takes part (luminaries are given wider orbs);
 *   at most 4 when the mean node takes part (a calculated point, read narrowly);
 * - transits: 3 for every aspect, since a transit is only "in effect" close to exactness.
 */
import type { Aspect, AspectType, BodyKey, BodyPosition, Chart, ChartPointKey } from './astrology.types.ts';
import { arcDistance, signedArc } from './degrees.ts';

export const ASPECT_ANGLES: Readonly<Record<AspectType, number>> = {
  conjunction: 0,
  sextile: 60,
  square: 90,
  trine: 120,
  opposition: 180,
};

export const BASE_ORBS_DEG: Readonly<Record<AspectType, number>> = {
  conjunction: 8,
  opposition: 8,
  trine: 8,
  square: 8,
  sextile: 6,
};

export const LUMINARY_ORB_BONUS_DEG = 2;
export const NODE_MAX_ORB_DEG = 4;
export const TRANSIT_ORB_DEG = 3;

const ASPECT_TYPES = Object.keys(ASPECT_ANGLES) as AspectType[];
const LUMINARIES: ReadonlySet<ChartPointKey> = new Set<ChartPointKey>(['sun', 'moon']);

/** Slowest first: outer-planet transits are the long-lasting, headline ones. */
export const TRANSIT_BODY_ORDER: readonly BodyKey[] = [
  'pluto',
  'neptune',
  'uranus',
  'saturn',
  'north_node',
  'jupiter',
  'mars',
  'sun',
  'venus',
  'mercury',
  'moon',
];

/** A point of a chart that can take part in an aspect. */
export interface AspectPoint {
  key: ChartPointKey;
  longitude: number;
  /** Degrees per day; 0 for a point held fixed (a natal point seen by a transit). */
  speed: number | null;
}

export function natalOrbLimit(type: AspectType, a: ChartPointKey, b: ChartPointKey): number {
  if (a === 'north_node' || b === 'north_node') {
    return Math.min(NODE_MAX_ORB_DEG, BASE_ORBS_DEG[type]);
  }
  const bonus = LUMINARIES.has(a) || LUMINARIES.has(b) ? LUMINARY_ORB_BONUS_DEG : 0;
  return BASE_ORBS_DEG[type] + bonus;
}

/** Whether the separation is moving towards exactness; undefined when a speed is unknown. */
function isApplying(a: AspectPoint, b: AspectPoint, exactAngle: number): boolean | undefined {
  if (a.speed === null || b.speed === null) return undefined;
  const delta = signedArc(a.longitude, b.longitude);
  const separationRate = Math.sign(delta) * (b.speed - a.speed);
  const signedOrb = Math.abs(delta) - exactAngle;
  return signedOrb * separationRate < 0;
}

/** The tightest major aspect between two points within the orb the limit function allows. */
export function findAspect(
  a: AspectPoint,
  b: AspectPoint,
  orbLimit: (type: AspectType, a: ChartPointKey, b: ChartPointKey) => number,
): Aspect | null {
  const distance = arcDistance(a.longitude, b.longitude);
  let best: Aspect | null = null;
  for (const type of ASPECT_TYPES) {
    const angle = ASPECT_ANGLES[type];
    const orb = Math.abs(distance - angle);
    if (orb <= orbLimit(type, a.key, b.key) && (best === null || orb < best.orb)) {
      best = { a: a.key, b: b.key, type, orb };
      const applying = isApplying(a, b, angle);
      if (applying !== undefined) best.applying = applying;
    }
  }
  return best;
}

export function bodyToAspectPoint(body: BodyPosition): AspectPoint {
  return { key: body.key, longitude: body.longitude, speed: body.speed };
}

/** Bodies, then the ascendant and midheaven when the chart has them (angles carry no speed). */
export function listAspectPoints(chart: Chart): AspectPoint[] {
  const points = chart.bodies.map(bodyToAspectPoint);
  if (chart.ascendant !== null) {
    points.push({ key: 'ascendant', longitude: chart.ascendant, speed: null });
  }
  if (chart.midheaven !== null) {
    points.push({ key: 'midheaven', longitude: chart.midheaven, speed: null });
  }
  return points;
}

function isAnglePair(a: ChartPointKey, b: ChartPointKey): boolean {
  return (a === 'ascendant' || a === 'midheaven') && (b === 'ascendant' || b === 'midheaven');
}

/** Aspects among the points of one chart, tightest first. */
export function computeNatalAspects(chart: Chart): Aspect[] {
  const points = listAspectPoints(chart);
  const aspects: Aspect[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i];
      const b = points[j];
      // ASC–MC is fixed by geometry, not an aspect in the chart's sense.
      if (!a || !b || isAnglePair(a.key, b.key)) continue;
      const aspect = findAspect(a, b, natalOrbLimit);
      if (aspect) aspects.push(aspect);
    }
  }
  return aspects.sort((x, y) => x.orb - y.orb);
}

/**
 * Inter-chart aspects: `a` is always a point of chart A, `b` a point of chart B. Both charts
 * are fixed moments, so `applying` is left out. Tightest first.
 */
export function computeSynastryAspects(chartA: Chart, chartB: Chart): Aspect[] {
  const pointsA = listAspectPoints(chartA);
  const pointsB = listAspectPoints(chartB);
  const aspects: Aspect[] = [];
  for (const a of pointsA) {
    for (const b of pointsB) {
      if (isAnglePair(a.key, b.key)) continue;
      const aspect = findAspect({ ...a, speed: null }, { ...b, speed: null }, natalOrbLimit);
      if (aspect) aspects.push(aspect);
    }
  }
  return aspects.sort((x, y) => x.orb - y.orb);
}

/**
 * Aspects from transiting bodies (`a`) to natal points (`b`, bodies and angles) within
 * TRANSIT_ORB_DEG, slow transiting bodies first, then tightest first. `applying` compares the
 * transiting body's motion with the fixed natal point.
 */
export function computeTransitAspects(natal: Chart, transiting: readonly BodyPosition[]): Aspect[] {
  const natalPoints = listAspectPoints(natal).map((p) => ({ ...p, speed: 0 }));
  const orbLimit = (): number => TRANSIT_ORB_DEG;
  const aspects: Aspect[] = [];
  for (const key of TRANSIT_BODY_ORDER) {
    const body = transiting.find((t) => t.key === key);
    if (!body) continue;
    const forBody: Aspect[] = [];
    for (const natalPoint of natalPoints) {
      const aspect = findAspect(bodyToAspectPoint(body), natalPoint, orbLimit);
      if (aspect) forBody.push(aspect);
    }
    aspects.push(...forBody.sort((x, y) => x.orb - y.orb));
  }
  return aspects;
}
