/**
 * Charts of a relationship: composite (midpoints), Davison (time and place midpoint) and Marks
 * (composite of person A with the Davison chart).
 */
import type { BodyPosition, Chart, GeoLocation, HouseSystem } from './astrology.types.ts';
import { computeChartAt } from './chart.engine.ts';
import { DEG_TO_RAD, forwardArc, normalizeDegrees, RAD_TO_DEG, shorterArcMidpoint } from './degrees.ts';
import { findHouse, HOUSE_COUNT } from './houses.engine.ts';
import { signDegreeOf, signOf } from './zodiac.ts';

const MIDPOINT_ZONE_FALLBACK = 'UTC';
/** Below this vector length the two places are (nearly) antipodal: no unique midpoint. */
const ANTIPODAL_EPSILON = 1e-9;

/** Midpoint of the great-circle arc between two places. */
export function computeGreatCircleMidpoint(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): { lat: number; lng: number } {
  const toVector = (p: { lat: number; lng: number }): [number, number, number] => {
    const lat = p.lat * DEG_TO_RAD;
    const lng = p.lng * DEG_TO_RAD;
    return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
  };
  const [ax, ay, az] = toVector(a);
  const [bx, by, bz] = toVector(b);
  const x = ax + bx;
  const y = ay + by;
  const z = az + bz;
  const length = Math.hypot(x, y, z);
  if (length < ANTIPODAL_EPSILON) {
    // Every great circle through antipodes is equally short; take the plain average.
    return { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 };
  }
  return {
    lat: Math.asin(z / length) * RAD_TO_DEG,
    lng: Math.atan2(y, x) * RAD_TO_DEG,
  };
}

export function computeMidpointLocation(a: GeoLocation, b: GeoLocation): GeoLocation {
  const { lat, lng } = computeGreatCircleMidpoint(a, b);
  return {
    name: `${a.name} / ${b.name}`,
    lat,
    lng,
    // The instant is absolute; the zone only matters for display, and the midpoint may lie in
    // another country or at sea, so one is kept only when both places share it.
    tz: a.tz === b.tz ? a.tz : MIDPOINT_ZONE_FALLBACK,
    assumed: a.assumed || b.assumed,
  };
}

export function computeMidpointInstant(a: Date, b: Date): Date {
  return new Date(Math.round((a.getTime() + b.getTime()) / 2));
}

/**
 * Cusp midpoints taken on one consistent branch: cusp i = midpoint of the ascendants + the mean
 * of each chart's arc from its ascendant to its cusp i. Each result is one of the two midpoints
 * of the pair of cusps (the shorter-arc one unless the cusps are nearly opposite), and unlike
 * cusp-by-cusp shorter-arc midpoints the houses stay in order and cusp 7 stays opposite cusp 1.
 */
function computeCompositeCusps(a: readonly number[], b: readonly number[]): number[] {
  const ascA = a[0] ?? 0;
  const ascB = b[0] ?? 0;
  const ascendant = shorterArcMidpoint(ascA, ascB);
  const cusps: number[] = [];
  for (let i = 0; i < HOUSE_COUNT; i++) {
    const arcA = forwardArc(ascA, a[i] ?? 0);
    const arcB = forwardArc(ascB, b[i] ?? 0);
    cusps.push(normalizeDegrees(ascendant + (arcA + arcB) / 2));
  }
  return cusps;
}

function compositeHouseSystem(a: Chart, b: Chart): HouseSystem | null {
  if (!a.houseSystem || !b.houseSystem) return null;
  return a.houseSystem === b.houseSystem ? a.houseSystem : 'porphyry';
}

/**
 * Composite chart: every body at the shorter-arc midpoint of its two natal positions (speed and
 * latitude averaged). When both charts have houses, the ascendant is the shorter-arc midpoint of
 * the ascendants and the cusps (MC = cusp 10) are midpoints as described at
 * computeCompositeCusps. `instantUtc` and `location` are the time and place midpoints, kept for
 * reference only: a composite chart is not the sky of any moment.
 */
export function computeCompositeChart(a: Chart, b: Chart, extraNote = 'composite'): Chart {
  const cusps = a.houses && b.houses ? computeCompositeCusps(a.houses, b.houses) : null;
  const bodies: BodyPosition[] = [];
  for (const bodyA of a.bodies) {
    const bodyB = b.bodies.find((x) => x.key === bodyA.key);
    if (!bodyB) continue;
    const longitude = shorterArcMidpoint(bodyA.longitude, bodyB.longitude);
    const speed = (bodyA.speed + bodyB.speed) / 2;
    bodies.push({
      key: bodyA.key,
      longitude,
      latitude: (bodyA.latitude + bodyB.latitude) / 2,
      speed,
      retrograde: speed < 0,
      sign: signOf(longitude),
      signDegree: signDegreeOf(longitude),
      house: cusps ? findHouse(longitude, cusps) : null,
    });
  }
  const notes = [extraNote];
  if (!cusps) notes.push('time_unknown');
  if (a.location.assumed || b.location.assumed) notes.push('place_assumed');
  const system = cusps ? compositeHouseSystem(a, b) : null;
  if (system && a.houseSystem !== b.houseSystem) notes.push('mixed_house_systems');
  return {
    instantUtc: computeMidpointInstant(a.instantUtc, b.instantUtc),
    location: computeMidpointLocation(a.location, b.location),
    timeKnown: a.timeKnown && b.timeKnown,
    bodies,
    ascendant: cusps ? (cusps[0] ?? null) : null,
    midheaven: cusps ? (cusps[9] ?? null) : null,
    houses: cusps,
    houseSystem: system,
    notes,
  };
}

/** Davison chart: a real chart cast for the midpoint instant at the great-circle midpoint. */
export function computeDavisonChart(a: Chart, b: Chart): Chart {
  const notes = ['davison'];
  return computeChartAt(
    computeMidpointInstant(a.instantUtc, b.instantUtc),
    computeMidpointLocation(a.location, b.location),
    a.timeKnown && b.timeKnown,
    notes,
  );
}

/** Marks chart: the composite (midpoint) chart of person A with the Davison chart of A and B. */
export function computeMarksChart(a: Chart, b: Chart): Chart {
  return computeCompositeChart(a, computeDavisonChart(a, b), 'marks');
}

/**
 * The guest's bodies placed in the host's houses (synastry house overlay), e.g. B's planets in
 * A's houses. Houses are null when the host chart has none.
 */
export function computeHouseOverlay(host: Chart, guest: Chart): BodyPosition[] {
  const cusps = host.houses;
  return guest.bodies.map((b) => ({ ...b, house: cusps ? findHouse(b.longitude, cusps) : null }));
}
