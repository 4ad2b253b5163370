/**
 * Chart angles and house cusps from the local apparent sidereal time (ARMC), the geographic
 * latitude and the true obliquity of the ecliptic.
 *
 * Placidus cusps use the classical iterative semi-arc method: cusps 11 and 12 lie where a point
 * of the ecliptic has covered 1/3 and 2/3 of its diurnal semi-arc since culminating, cusps 2 and
 * 3 where it still has 2/3 and 1/3 of its nocturnal semi-arc to go before lower culmination.
 * Within the polar circles (|latitude| ≥ 90° − obliquity, about 66.56°) some ecliptic points
 * never rise or set, the semi-arcs do not exist, and the chart falls back to Porphyry (quadrants
 * trisected in longitude), as the Swiss Ephemeris does. There the ecliptic can also dip so that
 * the rising point lies west of the meridian; like the Swiss Ephemeris, the ascendant is then
 * taken as the opposite point so that the houses keep their order.
 */
import type { HouseSystem } from './astrology.types.ts';
import {
  DEG_TO_RAD,
  forwardArc,
  FULL_CIRCLE,
  HALF_CIRCLE,
  normalizeDegrees,
  RAD_TO_DEG,
  signedArc,
} from './degrees.ts';

export const HOUSE_COUNT = 12;
/**
 * Nominal polar circle. The switch itself uses the polar circle of the date, 90° − true
 * obliquity (66.55°–66.56° over 1900–2030), the latitude beyond which Placidus is undefined.
 */
export const POLAR_CIRCLE_LATITUDE_DEG = 66.56;
/** Cusp steps this close to a whole turn are a zero-width house seen through rounding. */
const ZERO_WIDTH_TOLERANCE_DEG = 1e-9;
const QUADRANT_DEG = 90;
const PLACIDUS_MAX_ITERATIONS = 50;
const PLACIDUS_TOLERANCE_DEG = 1e-9;

export interface HouseFrame {
  ascendant: number;
  midheaven: number;
  cusps: number[];
  system: HouseSystem;
}

/** Ecliptic longitude of the point on the ecliptic with the given right ascension. */
function longitudeFromRightAscension(raDeg: number, cosEps: number): number {
  const ra = raDeg * DEG_TO_RAD;
  return normalizeDegrees(Math.atan2(Math.sin(ra), Math.cos(ra) * cosEps) * RAD_TO_DEG);
}

export function computeMidheaven(armcDeg: number, obliquityDeg: number): number {
  return longitudeFromRightAscension(armcDeg, Math.cos(obliquityDeg * DEG_TO_RAD));
}

export function computeAscendant(armcDeg: number, latitudeDeg: number, obliquityDeg: number): number {
  const ramc = armcDeg * DEG_TO_RAD;
  const eps = obliquityDeg * DEG_TO_RAD;
  const phi = latitudeDeg * DEG_TO_RAD;
  const asc = Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(eps) + Math.tan(phi) * Math.sin(eps)));
  return normalizeDegrees(asc * RAD_TO_DEG);
}

/** Right ascension of the meridian whose MC is the given longitude (inverse of computeMidheaven). */
export function computeArmcFromMidheaven(midheavenDeg: number, obliquityDeg: number): number {
  const mc = midheavenDeg * DEG_TO_RAD;
  const eps = obliquityDeg * DEG_TO_RAD;
  return normalizeDegrees(Math.atan2(Math.sin(mc) * Math.cos(eps), Math.cos(mc)) * RAD_TO_DEG);
}

/**
 * One Placidus cusp. `fraction` of the semi-arc (1/3 or 2/3); `above` for cusps 11/12 (measured
 * from the MC along the diurnal arc), otherwise cusps 3/2 (measured back from the IC along the
 * nocturnal arc). Returns NaN when the semi-arc does not exist.
 */
function computePlacidusCusp(
  armcDeg: number,
  tanPhi: number,
  sinEps: number,
  cosEps: number,
  fraction: number,
  above: boolean,
): number {
  let ra = above ? armcDeg + fraction * QUADRANT_DEG : armcDeg + HALF_CIRCLE - fraction * QUADRANT_DEG;
  for (let i = 0; i < PLACIDUS_MAX_ITERATIONS; i++) {
    const lon = longitudeFromRightAscension(ra, cosEps) * DEG_TO_RAD;
    const sinDecl = sinEps * Math.sin(lon);
    const tanDecl = sinDecl / Math.sqrt(1 - sinDecl * sinDecl);
    const x = tanPhi * tanDecl;
    if (x > 1 || x < -1) return Number.NaN;
    const ascensionalDifference = Math.asin(x) * RAD_TO_DEG;
    const next = above
      ? armcDeg + fraction * (QUADRANT_DEG + ascensionalDifference)
      : armcDeg + HALF_CIRCLE - fraction * (QUADRANT_DEG - ascensionalDifference);
    if (Math.abs(next - ra) < PLACIDUS_TOLERANCE_DEG) {
      ra = next;
      break;
    }
    ra = next;
  }
  return longitudeFromRightAscension(ra, cosEps);
}

function computePlacidusCusps(
  armcDeg: number,
  latitudeDeg: number,
  obliquityDeg: number,
  ascendant: number,
  midheaven: number,
): number[] | null {
  const tanPhi = Math.tan(latitudeDeg * DEG_TO_RAD);
  const sinEps = Math.sin(obliquityDeg * DEG_TO_RAD);
  const cosEps = Math.cos(obliquityDeg * DEG_TO_RAD);
  const c11 = computePlacidusCusp(armcDeg, tanPhi, sinEps, cosEps, 1 / 3, true);
  const c12 = computePlacidusCusp(armcDeg, tanPhi, sinEps, cosEps, 2 / 3, true);
  const c2 = computePlacidusCusp(armcDeg, tanPhi, sinEps, cosEps, 2 / 3, false);
  const c3 = computePlacidusCusp(armcDeg, tanPhi, sinEps, cosEps, 1 / 3, false);
  if ([c11, c12, c2, c3].some(Number.isNaN)) return null;
  const firstHalf = [ascendant, c2, c3, midheaven + HALF_CIRCLE, c11 + HALF_CIRCLE, c12 + HALF_CIRCLE];
  const cusps = [...firstHalf, ...firstHalf.map((c) => c + HALF_CIRCLE)].map(normalizeDegrees);
  cusps[9] = midheaven;
  cusps[10] = c11;
  cusps[11] = c12;
  return isAscendingCircle(cusps) ? cusps : null;
}

function computePorphyryCusps(ascendant: number, midheaven: number): number[] {
  const ic = normalizeDegrees(midheaven + HALF_CIRCLE);
  const eastArc = forwardArc(ascendant, ic); // houses 1–3
  const westArc = HALF_CIRCLE - eastArc; // houses 4–6
  const firstHalf = [
    ascendant,
    ascendant + eastArc / 3,
    ascendant + (2 * eastArc) / 3,
    ic,
    ic + westArc / 3,
    ic + (2 * westArc) / 3,
  ];
  return [...firstHalf, ...firstHalf.map((c) => c + HALF_CIRCLE)].map(normalizeDegrees);
}

/**
 * True when each cusp lies forward of the previous one (or on it: a polar Porphyry quadrant can
 * shrink to zero width) and the steps add up to one turn.
 */
export function isAscendingCircle(cusps: readonly number[]): boolean {
  let total = 0;
  for (let i = 0; i < cusps.length; i++) {
    let step = forwardArc(cusps[i] ?? 0, cusps[(i + 1) % cusps.length] ?? 0);
    if (step > FULL_CIRCLE - ZERO_WIDTH_TOLERANCE_DEG) step = 0;
    total += step;
  }
  return Math.abs(total - FULL_CIRCLE) < ZERO_WIDTH_TOLERANCE_DEG * cusps.length;
}

/**
 * Angles and cusps for a local sidereal time. Placidus, except above the polar circles (or when
 * Placidus is undefined there for this moment), where Porphyry is used.
 */
export function computeHouseFrame(armcDeg: number, latitudeDeg: number, obliquityDeg: number): HouseFrame {
  const midheaven = computeMidheaven(armcDeg, obliquityDeg);
  let ascendant = computeAscendant(armcDeg, latitudeDeg, obliquityDeg);
  if (Math.abs(latitudeDeg) < QUADRANT_DEG - obliquityDeg) {
    const cusps = computePlacidusCusps(armcDeg, latitudeDeg, obliquityDeg, ascendant, midheaven);
    if (cusps) return { ascendant, midheaven, cusps, system: 'placidus' };
  }
  if (signedArc(midheaven, ascendant) < 0) ascendant = normalizeDegrees(ascendant + HALF_CIRCLE);
  return { ascendant, midheaven, cusps: computePorphyryCusps(ascendant, midheaven), system: 'porphyry' };
}

/** House (1..12) whose cusp-to-next-cusp arc contains the longitude. */
export function findHouse(longitude: number, cusps: readonly number[]): number {
  for (let i = 0; i < cusps.length; i++) {
    const start = cusps[i] ?? 0;
    const end = cusps[(i + 1) % cusps.length] ?? 0;
    if (forwardArc(start, longitude) < forwardArc(start, end)) return i + 1;
  }
  return 1;
}
