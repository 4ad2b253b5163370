/**
 * Dates of the major life cycles of a natal chart: Saturn returns, the next Jupiter return, the Uranus opposition
 * and the next lunar-node return. The texts give them by month ("约 2019年3月"): with a retrograde loop a planet
 * crosses its natal degree up to three times within months, and the pass found is the one nearest the mean-motion
 * estimate.
 */
import * as Astronomy from 'astronomy-engine';
import { normalizeDegrees, signedArc, type BodyKey, type Chart } from '../../astrology/index.ts';
import { requireBody } from './chart-summary.ts';

const MS_PER_DAY = 86_400_000;
const DAYS_PER_YEAR = 365.2422;
const NEWTON_STEPS = 5;
/** 0.1° is about three days of Saturn's mean motion: ample for dates told by the month. */
const SEARCH_TOLERANCE_DEG = 0.1;
/**
 * Bracketing: steps of 10 days out to a year either side (a station can sit just short of the target for months);
 * bisection to about two hours.
 */
const BRACKET_STEP_DAYS = 10;
const BRACKET_STEPS = 36;
const BISECTION_STEPS = 7;
const HALF_CIRCLE = 180;

/** Sidereal periods (years) and mean daily motions (degrees per day). */
const SATURN_PERIOD_YEARS = 29.4571;
const JUPITER_PERIOD_YEARS = 11.862;
const URANUS_PERIOD_YEARS = 84.0205;
/** Regression period of the mean lunar node. */
const NODAL_PERIOD_DAYS = 6798.38;
const MEAN_MOTION_DEG_PER_DAY: Partial<Record<BodyKey, number>> = {
  jupiter: 360 / (JUPITER_PERIOD_YEARS * DAYS_PER_YEAR),
  saturn: 360 / (SATURN_PERIOD_YEARS * DAYS_PER_YEAR),
  uranus: 360 / (URANUS_PERIOD_YEARS * DAYS_PER_YEAR),
};

export type LifeCycleKey =
  'saturn_return_1' | 'saturn_return_2' | 'jupiter_return' | 'uranus_opposition' | 'nodal_return';

export interface LifeCycle {
  key: LifeCycleKey;
  at: Date;
  /** Age in whole years at that date. */
  age: number;
}

function addYears(instant: Date, years: number): Date {
  return new Date(instant.getTime() + years * DAYS_PER_YEAR * MS_PER_DAY);
}

const SEARCHED_BODIES: Partial<Record<BodyKey, Astronomy.Body>> = {
  jupiter: Astronomy.Body.Jupiter,
  saturn: Astronomy.Body.Saturn,
  uranus: Astronomy.Body.Uranus,
};

/**
 * Geocentric ecliptic longitude (equinox of date, light time applied) of one planet. The searches evaluate one
 * planet dozens of times, so they ask astronomy-engine for that planet alone instead of casting the engine's whole
 * sky (ten bodies) each time. Aberration is left out: it moves a slow planet by at most 0.006°, a few hours of its
 * motion, while the texts speak of the month.
 */
function planetLongitude(body: BodyKey, t: number): number {
  const astronomyBody = SEARCHED_BODIES[body];
  if (astronomyBody === undefined) throw new Error(`no search for ${body}`);
  return Astronomy.Ecliptic(Astronomy.GeoVector(astronomyBody, new Date(t), false)).elon;
}

function offsetFrom(body: BodyKey, target: number, t: number): number {
  return signedArc(target, planetLongitude(body, t));
}

/**
 * When `body` reaches `target` near `estimate`: Newton steps on the mean motion bring it close (the true speed is
 * useless near a station), then the nearest sign change of the offset is bracketed by stepping out from there and
 * bisected. Near a retrograde loop that is one of the (up to three) passes, the one nearest the estimate.
 */
function findLongitude(body: BodyKey, target: number, estimate: Date): Date {
  const meanMotion = MEAN_MOTION_DEG_PER_DAY[body];
  if (meanMotion === undefined) throw new Error(`no mean motion for ${body}`);
  let t = estimate.getTime();
  let offset = offsetFrom(body, target, t);
  for (let step = 0; step < NEWTON_STEPS && Math.abs(offset) >= SEARCH_TOLERANCE_DEG; step++) {
    t -= (offset / meanMotion) * MS_PER_DAY;
    offset = offsetFrom(body, target, t);
  }
  if (Math.abs(offset) < SEARCH_TOLERANCE_DEG) return new Date(t);
  for (let k = 1; k <= BRACKET_STEPS; k++) {
    for (const direction of [1, -1]) {
      const other = t + direction * k * BRACKET_STEP_DAYS * MS_PER_DAY;
      const otherOffset = offsetFrom(body, target, other);
      if (Math.sign(otherOffset) !== Math.sign(offset) && Math.abs(otherOffset) < HALF_CIRCLE / 2) {
        return new Date(bisect(body, target, t, offset, other));
      }
    }
  }
  return new Date(t);
}

function bisect(body: BodyKey, target: number, a: number, offsetA: number, b: number): number {
  let low = a;
  let high = b;
  let lowOffset = offsetA;
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const middle = (low + high) / 2;
    const middleOffset = offsetFrom(body, target, middle);
    if (Math.sign(middleOffset) === Math.sign(lowOffset)) {
      low = middle;
      lowOffset = middleOffset;
    } else {
      high = middle;
    }
  }
  return (low + high) / 2;
}

function ageAt(birth: Date, at: Date): number {
  return Math.floor((at.getTime() - birth.getTime()) / (DAYS_PER_YEAR * MS_PER_DAY));
}

/** The cycles of a life, in date order; `now` picks the next Jupiter and node returns. */
export function computeLifeCycles(natal: Chart, now: Date): LifeCycle[] {
  const birth = natal.instantUtc;
  const saturn = requireBody(natal, 'saturn').longitude;
  const jupiter = requireBody(natal, 'jupiter').longitude;
  const uranus = requireBody(natal, 'uranus').longitude;

  const livedYears = Math.max(0, (now.getTime() - birth.getTime()) / (DAYS_PER_YEAR * MS_PER_DAY));
  const nextJupiterCycle = Math.max(1, Math.ceil(livedYears / JUPITER_PERIOD_YEARS));
  const nodalCycleDays = NODAL_PERIOD_DAYS;
  const livedDays = (now.getTime() - birth.getTime()) / MS_PER_DAY;
  const nextNodalCycle = Math.max(1, Math.ceil(livedDays / nodalCycleDays));

  const found: Array<{ key: LifeCycleKey; at: Date }> = [
    { key: 'saturn_return_1', at: findLongitude('saturn', saturn, addYears(birth, SATURN_PERIOD_YEARS)) },
    { key: 'saturn_return_2', at: findLongitude('saturn', saturn, addYears(birth, 2 * SATURN_PERIOD_YEARS)) },
    {
      key: 'jupiter_return',
      at: findLongitude('jupiter', jupiter, addYears(birth, nextJupiterCycle * JUPITER_PERIOD_YEARS)),
    },
    {
      key: 'uranus_opposition',
      at: findLongitude(
        'uranus',
        normalizeDegrees(uranus + HALF_CIRCLE),
        addYears(birth, URANUS_PERIOD_YEARS / 2),
      ),
    },
    // The mean node moves uniformly, so its return is exact arithmetic.
    { key: 'nodal_return', at: new Date(birth.getTime() + nextNodalCycle * nodalCycleDays * MS_PER_DAY) },
  ];
  return found
    .map((cycle) => ({ ...cycle, age: ageAt(birth, cycle.at) }))
    .sort((x, y) => x.at.getTime() - y.at.getTime());
}
