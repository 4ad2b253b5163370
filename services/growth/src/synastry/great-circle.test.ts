import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  haversineKm,
  PRIVACY_CELL_DEG,
  PRIVACY_CELL_MARGIN_DEG,
  privacyCellCentre,
  roundDistanceKm,
  type BoundingBox,
  type GeoPoint,
} from './great-circle.ts';

function contains(box: BoundingBox, point: GeoPoint): boolean {
  return (
    point.lat >= box.minLat &&
    point.lat <= box.maxLat &&
    box.lngRanges.some((range) => point.lng >= range.min && point.lng <= range.max)
  );
}

const latitude = fc.double({ min: -89.9, max: 89.9, noNaN: true });
const longitude = fc.double({ min: -180, max: 179.999, noNaN: true });
const point = fc.record({ lat: latitude, lng: longitude });

describe('haversineKm', () => {
  it('matches known city distances', () => {
    const beijing = { lat: 39.9042, lng: 116.4074 };
    const shanghai = { lat: 31.2304, lng: 121.4737 };
    expect(haversineKm(beijing, shanghai)).toBeCloseTo(1067, -1);
    expect(haversineKm(beijing, beijing)).toBe(0);
    // Across the antimeridian: 0.2° of longitude at the equator is about 22 km, not 40,000.
    expect(haversineKm({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(22.24, 1);
  });
});

describe('boundingBox', () => {
  it('contains every point within the radius (property)', () => {
    fc.assert(
      fc.property(
        point,
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (centre, radius, fraction, bearingDeg) => {
          // A point at distance fraction·radius in some direction (spherical destination formula).
          const d = (fraction * radius) / 6371.0088;
          const phi1 = (centre.lat * Math.PI) / 180;
          const lambda1 = (centre.lng * Math.PI) / 180;
          const theta = (bearingDeg * Math.PI) / 180;
          const phi2 = Math.asin(
            Math.sin(phi1) * Math.cos(d) + Math.cos(phi1) * Math.sin(d) * Math.cos(theta),
          );
          const lambda2 =
            lambda1 +
            Math.atan2(
              Math.sin(theta) * Math.sin(d) * Math.cos(phi1),
              Math.cos(d) - Math.sin(phi1) * Math.sin(phi2),
            );
          const target = {
            lat: (phi2 * 180) / Math.PI,
            lng: (((((lambda2 * 180) / Math.PI + 540) % 360) + 360) % 360) - 180,
          };
          expect(haversineKm(centre, target)).toBeLessThanOrEqual(radius + 1e-6);
          expect(contains(boundingBox(centre, radius, 1e-9), target)).toBe(true);
        },
      ),
    );
  });

  it('splits at the antimeridian and opens to every longitude near a pole', () => {
    const east = boundingBox({ lat: 0, lng: 179.9 }, 50);
    expect(east.lngRanges).toHaveLength(2);
    expect(contains(east, { lat: 0, lng: -179.9 })).toBe(true);
    const polar = boundingBox({ lat: 89.8, lng: 10 }, 50);
    expect(polar.lngRanges).toEqual([{ min: -180, max: 180 }]);
    expect(polar.maxLat).toBe(90);
  });

  it('stays small for a city search: a 50 km box is about ±0.45° of latitude', () => {
    const box = boundingBox({ lat: 31.23, lng: 121.47 }, 50);
    expect(box.maxLat - box.minLat).toBeCloseTo(0.9, 1);
    expect(box.lngRanges).toHaveLength(1);
  });
});

describe('privacyCellCentre', () => {
  it('moves a point by at most half a cell in each axis and maps a whole cell to one centre', () => {
    fc.assert(
      fc.property(point, (p) => {
        const centre = privacyCellCentre(p);
        expect(Math.abs(centre.lat - p.lat)).toBeLessThanOrEqual(PRIVACY_CELL_MARGIN_DEG + 1e-9);
        expect(Math.abs(centre.lng - p.lng)).toBeLessThanOrEqual(PRIVACY_CELL_MARGIN_DEG + 1e-9);
      }),
    );
    const a = privacyCellCentre({ lat: 31.2301, lng: 121.4701 });
    const b = privacyCellCentre({ lat: 31.2399, lng: 121.4799 });
    expect(a).toEqual(b);
    expect(a.lat).toBeCloseTo(31.235, 9);
    expect(PRIVACY_CELL_DEG).toBe(0.01);
  });
});

describe('roundDistanceKm', () => {
  it('answers tenths of a kilometre', () => {
    expect(roundDistanceKm(12.345)).toBe(12.3);
    expect(roundDistanceKm(0.04)).toBe(0);
    expect(roundDistanceKm(499.96)).toBe(500);
  });
});
