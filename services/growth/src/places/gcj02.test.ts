import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertGcj02ToWgs84, convertWgs84ToGcj02, isOutsideChina } from './gcj02.ts';

const METRES_PER_DEGREE = 111_320;

describe('GCJ-02 ↔ WGS-84', () => {
  it('matches the published coordtransform test vector', () => {
    // github.com/wandergis/coordtransform README: wgs84togcj02(116.404, 39.915).
    const gcj = convertWgs84ToGcj02({ lat: 39.915, lng: 116.404 });
    expect(gcj.lng).toBeCloseTo(116.41024449916938, 12);
    expect(gcj.lat).toBeCloseTo(39.91640428150164, 12);
  });

  it('inverts the offset to well under a metre inside China', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 18, max: 53, noNaN: true }),
        fc.double({ min: 74, max: 134, noNaN: true }),
        (lat, lng) => {
          const back = convertGcj02ToWgs84(convertWgs84ToGcj02({ lat, lng }));
          expect(Math.abs(back.lat - lat) * METRES_PER_DEGREE).toBeLessThan(0.01);
          expect(Math.abs(back.lng - lng) * METRES_PER_DEGREE).toBeLessThan(0.01);
        },
      ),
    );
  });

  it('shifts points by the documented 100–700 m inside China', () => {
    const wgs = convertGcj02ToWgs84({ lat: 39.904211, lng: 116.407394 });
    const metres = Math.hypot(
      (wgs.lat - 39.904211) * METRES_PER_DEGREE,
      (wgs.lng - 116.407394) * METRES_PER_DEGREE * Math.cos((39.9 * Math.PI) / 180),
    );
    expect(metres).toBeGreaterThan(100);
    expect(metres).toBeLessThan(700);
  });

  it('leaves points outside China unchanged', () => {
    expect(isOutsideChina({ lat: 51.5, lng: -0.12 })).toBe(true);
    expect(convertGcj02ToWgs84({ lat: 51.5, lng: -0.12 })).toEqual({ lat: 51.5, lng: -0.12 });
  });
});
