import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Chart, GeoLocation } from './astrology.types.ts';
import { computeChartAt, computeSecondaryProgression } from './chart.engine.ts';
import { arcDistance, normalizeDegrees, shorterArcMidpoint } from './degrees.ts';
import { isAscendingCircle } from './houses.engine.ts';
import {
  computeCompositeChart,
  computeDavisonChart,
  computeGreatCircleMidpoint,
  computeMarksChart,
} from './relationship-charts.engine.ts';

const EPS = 1e-9;
const ANGLE_EPS = 1e-7;
const RUNS = 150;
const MIN_MS = Date.UTC(1900, 0, 1);
const MAX_MS = Date.UTC(2030, 11, 31);
const EARTH_RADIUS_KM = 6371;
/** The polar circle moves with the obliquity (66.55°–66.56° here); stay clear of it. */
const PLACIDUS_SAFE_LATITUDE_DEG = 66.5;
const POLAR_SAFE_LATITUDE_DEG = 66.6;

const instantArb = fc.integer({ min: MIN_MS, max: MAX_MS }).map((ms) => new Date(ms));
const longitudeArb = fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true });
const placeArb = (maxLat: number): fc.Arbitrary<GeoLocation> =>
  fc.record({
    name: fc.constant('p'),
    lat: fc.double({ min: -maxLat, max: maxLat, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
    tz: fc.constant('UTC'),
    assumed: fc.constant(false),
  });
const chartArb = (maxLat = PLACIDUS_SAFE_LATITUDE_DEG): fc.Arbitrary<Chart> =>
  fc.tuple(instantArb, placeArb(maxLat)).map(([t, p]) => computeChartAt(t, p, true));

function expectInCircle(x: number): void {
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x).toBeLessThan(360);
}

function expectHouseInvariants(chart: Chart): void {
  const cusps = chart.houses;
  expect(cusps).not.toBeNull();
  if (!cusps || chart.ascendant === null || chart.midheaven === null) return;
  expect(cusps).toHaveLength(12);
  cusps.forEach(expectInCircle);
  expect(arcDistance(cusps[0] ?? Number.NaN, chart.ascendant)).toBeLessThan(ANGLE_EPS);
  expect(arcDistance(cusps[6] ?? Number.NaN, chart.ascendant + 180)).toBeLessThan(ANGLE_EPS);
  expect(arcDistance(cusps[9] ?? Number.NaN, chart.midheaven)).toBeLessThan(ANGLE_EPS);
  expect(arcDistance(cusps[3] ?? Number.NaN, chart.midheaven + 180)).toBeLessThan(ANGLE_EPS);
  expect(isAscendingCircle(cusps)).toBe(true);
  for (const b of chart.bodies) {
    expect(b.house).toBeGreaterThanOrEqual(1);
    expect(b.house).toBeLessThanOrEqual(12);
  }
}

function greatCircleKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lng - a.lng) * r) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

describe('circle arithmetic', () => {
  it('normalizeDegrees lands in [0, 360)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        expectInCircle(normalizeDegrees(x));
      }),
    );
  });

  it('a shorter-arc midpoint is on the shorter arc and equidistant', () => {
    fc.assert(
      fc.property(longitudeArb, longitudeArb, (a, b) => {
        const m = shorterArcMidpoint(a, b);
        expectInCircle(m);
        const half = arcDistance(a, b) / 2;
        expect(Math.abs(arcDistance(m, a) - half)).toBeLessThan(EPS);
        expect(Math.abs(arcDistance(m, b) - half)).toBeLessThan(EPS);
      }),
    );
  });
});

describe('charts', () => {
  it('longitudes are in [0, 360) and houses keep their geometry', () => {
    fc.assert(
      fc.property(chartArb(), (chart) => {
        expect(chart.houseSystem).toBe('placidus');
        for (const b of chart.bodies) {
          expectInCircle(b.longitude);
          expect(b.signDegree).toBeGreaterThanOrEqual(0);
          expect(b.signDegree).toBeLessThan(30);
          expect(b.retrograde).toBe(b.speed < 0);
        }
        expectHouseInvariants(chart);
      }),
      { numRuns: RUNS },
    );
  });

  it('above the polar circles Porphyry keeps the same geometry', () => {
    const polarPlace = placeArb(89.9).filter((p) => Math.abs(p.lat) > POLAR_SAFE_LATITUDE_DEG);
    fc.assert(
      fc.property(instantArb, polarPlace, (t, p) => {
        const chart = computeChartAt(t, p, true);
        expect(chart.houseSystem).toBe('porphyry');
        expect(chart.notes).toContain('porphyry_polar');
        expectHouseInvariants(chart);
      }),
      { numRuns: RUNS },
    );
  });

  it('progressed charts keep the house geometry', () => {
    fc.assert(
      fc.property(chartArb(), instantArb, (natal, asOf) => {
        const progressed = computeSecondaryProgression(natal, asOf);
        expectHouseInvariants(progressed);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('relationship charts', () => {
  it('composite bodies sit at the shorter-arc midpoint, equidistant from both', () => {
    fc.assert(
      fc.property(chartArb(), chartArb(), (a, b) => {
        const composite = computeCompositeChart(a, b);
        for (const body of composite.bodies) {
          const la = a.bodies.find((x) => x.key === body.key)?.longitude ?? Number.NaN;
          const lb = b.bodies.find((x) => x.key === body.key)?.longitude ?? Number.NaN;
          const half = arcDistance(la, lb) / 2;
          expect(Math.abs(arcDistance(body.longitude, la) - half)).toBeLessThan(EPS);
          expect(Math.abs(arcDistance(body.longitude, lb) - half)).toBeLessThan(EPS);
        }
        const ascA = a.ascendant ?? Number.NaN;
        const ascB = b.ascendant ?? Number.NaN;
        const ascHalf = arcDistance(ascA, ascB) / 2;
        expect(Math.abs(arcDistance(composite.ascendant ?? Number.NaN, ascA) - ascHalf)).toBeLessThan(EPS);
        // Every cusp is a midpoint of the two charts' cusps (on one of the two arcs).
        composite.houses?.forEach((cusp, i) => {
          const ca = a.houses?.[i] ?? Number.NaN;
          const cb = b.houses?.[i] ?? Number.NaN;
          expect(Math.abs(arcDistance(cusp, ca) - arcDistance(cusp, cb))).toBeLessThan(ANGLE_EPS);
        });
        expectHouseInvariants(composite);
      }),
      { numRuns: RUNS },
    );
  });

  it('the Davison chart is cast at the exact time midpoint and the great-circle midpoint', () => {
    fc.assert(
      fc.property(chartArb(), chartArb(), (a, b) => {
        const davison = computeDavisonChart(a, b);
        const doubled = 2 * davison.instantUtc.getTime();
        // A Date holds whole milliseconds: an odd sum is split by rounding.
        expect(Math.abs(doubled - (a.instantUtc.getTime() + b.instantUtc.getTime()))).toBeLessThanOrEqual(1);
        const da = greatCircleKm(davison.location, a.location);
        const db = greatCircleKm(davison.location, b.location);
        expect(Math.abs(da - db)).toBeLessThan(1e-3);
        expect(Math.abs(da + db - greatCircleKm(a.location, b.location))).toBeLessThan(1e-3);
        const expected = computeChartAt(davison.instantUtc, davison.location, true);
        expect(davison.bodies.map((x) => x.longitude)).toEqual(expected.bodies.map((x) => x.longitude));
        expectHouseInvariants(davison);
      }),
      { numRuns: RUNS },
    );
  });

  it('the Marks chart is the midpoint of A and the Davison chart', () => {
    fc.assert(
      fc.property(chartArb(), chartArb(), (a, b) => {
        const marks = computeMarksChart(a, b);
        const davison = computeDavisonChart(a, b);
        for (const body of marks.bodies) {
          const la = a.bodies.find((x) => x.key === body.key)?.longitude ?? Number.NaN;
          const ld = davison.bodies.find((x) => x.key === body.key)?.longitude ?? Number.NaN;
          expect(arcDistance(body.longitude, shorterArcMidpoint(la, ld))).toBeLessThan(EPS);
        }
        expect(marks.notes).toContain('marks');
      }),
      { numRuns: 50 },
    );
  });

  it('great-circle midpoints of nearby places stay between them', () => {
    const m = computeGreatCircleMidpoint({ lat: 39.9, lng: 116.4 }, { lat: 31.2, lng: 121.5 });
    expect(m.lat).toBeGreaterThan(31.2);
    expect(m.lat).toBeLessThan(39.9);
    expect(m.lng).toBeGreaterThan(116.4);
    expect(m.lng).toBeLessThan(121.5);
  });
});
