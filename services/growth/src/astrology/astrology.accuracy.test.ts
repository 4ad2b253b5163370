import * as Astronomy from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import type { BodyKey, Chart } from './astrology.types.ts';
import { computeChartAt, computeNatalChart } from './chart.engine.ts';
import { arcDistance } from './degrees.ts';
import reference from './reference-data/swiss-ephemeris-reference.json' with { type: 'json' };

const PLANET_TOLERANCE_DEG = 0.05;
const ANGLE_TOLERANCE_DEG = 0.1;
/** Near a station the sign of the speed is not meaningful at the reference's precision. */
const STATIONARY_SPEED_DEG_PER_DAY = 0.01;
/** The engine's one-pass light-time/aberration against astronomy-engine's iterated GeoVector. */
const GEOVECTOR_TOLERANCE_DEG = 0.001;
const PLANETS_BY_KEY: ReadonlyArray<readonly [BodyKey, Astronomy.Body]> = [
  ['sun', Astronomy.Body.Sun],
  ['mercury', Astronomy.Body.Mercury],
  ['venus', Astronomy.Body.Venus],
  ['mars', Astronomy.Body.Mars],
  ['jupiter', Astronomy.Body.Jupiter],
  ['saturn', Astronomy.Body.Saturn],
  ['uranus', Astronomy.Body.Uranus],
  ['neptune', Astronomy.Body.Neptune],
  ['pluto', Astronomy.Body.Pluto],
];

interface ReferenceCase {
  id: string;
  utc: string;
  lat: number;
  lng: number;
  local?: { date: string; time: string; tz: string };
  houseSystem: string;
  bodies: Record<string, { longitude: number; speed: number }>;
  ascendant: number;
  midheaven: number;
  houses: number[];
}

const cases: ReferenceCase[] = reference.cases;

function castReferenceChart(c: ReferenceCase): Chart {
  const location = { name: c.id, lat: c.lat, lng: c.lng, tz: c.local?.tz ?? 'UTC', assumed: false };
  if (c.local) {
    return computeNatalChart({ birthDate: c.local.date, birthTime: c.local.time, place: location });
  }
  return computeChartAt(new Date(c.utc), location, true);
}

describe('accuracy against the Swiss Ephemeris', () => {
  it('covers at least 12 births across 1900–2030 in both hemispheres', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(cases.some((c) => c.lat < 0)).toBe(true);
    expect(cases.some((c) => c.lat > 59 && c.lat < 61)).toBe(true);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const chart = castReferenceChart(c);
    expect(chart.instantUtc.toISOString()).toBe(new Date(c.utc).toISOString());
    for (const body of chart.bodies) {
      const ref = c.bodies[body.key as BodyKey];
      expect(ref, body.key).toBeDefined();
      if (!ref) continue;
      expect(arcDistance(body.longitude, ref.longitude), body.key).toBeLessThan(PLANET_TOLERANCE_DEG);
      if (Math.abs(ref.speed) > STATIONARY_SPEED_DEG_PER_DAY) {
        expect(body.retrograde, `${body.key} retrograde`).toBe(ref.speed < 0);
      }
    }
    expect(chart.houseSystem).toBe(c.houseSystem);
    expect(arcDistance(chart.ascendant ?? Number.NaN, c.ascendant)).toBeLessThan(ANGLE_TOLERANCE_DEG);
    expect(arcDistance(chart.midheaven ?? Number.NaN, c.midheaven)).toBeLessThan(ANGLE_TOLERANCE_DEG);
    expect(chart.houses).toHaveLength(12);
    chart.houses?.forEach((cusp, i) => {
      expect(arcDistance(cusp, c.houses[i] ?? Number.NaN), `cusp ${i + 1}`).toBeLessThan(ANGLE_TOLERANCE_DEG);
    });
  });

  it.each(cases.map((c) => [c.id, c] as const))(
    '%s agrees with GeoVector(body, t, true) → Ecliptic',
    (_id, c) => {
      const chart = computeChartAt(
        new Date(c.utc),
        { name: c.id, lat: c.lat, lng: c.lng, tz: 'UTC', assumed: false },
        true,
      );
      for (const [key, body] of PLANETS_BY_KEY) {
        const expected = Astronomy.Ecliptic(Astronomy.GeoVector(body, new Date(c.utc), true)).elon;
        const actual = chart.bodies.find((b) => b.key === key)?.longitude ?? Number.NaN;
        expect(arcDistance(actual, expected), key).toBeLessThan(GEOVECTOR_TOLERANCE_DEG);
      }
    },
  );
});
