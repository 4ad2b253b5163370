/**
 * GCJ-02 ("Mars" datum, used by Chinese web maps) ↔ WGS-84, with the widely published offset
 * formula (the Krasovsky-ellipsoid polynomial from the eviltransform / coordtransform family).
 * The inverse has no closed form; a fixed-point iteration converges to well under a metre.
 */

const KRASOVSKY_SEMI_MAJOR_M = 6378245.0;
const KRASOVSKY_ECCENTRICITY_SQ = 0.006693421622965943;
const ORIGIN_LNG = 105.0;
const ORIGIN_LAT = 35.0;
const INVERSE_MAX_ITERATIONS = 30;
const INVERSE_TOLERANCE_DEG = 1e-9;

/** The offset is only applied inside this rough bounding box of China. */
const CHINA_BOUNDS = { minLng: 72.004, maxLng: 137.8347, minLat: 0.8293, maxLat: 55.8271 } as const;

export interface LatLng {
  lat: number;
  lng: number;
}

export function isOutsideChina(p: LatLng): boolean {
  return (
    p.lng < CHINA_BOUNDS.minLng ||
    p.lng > CHINA_BOUNDS.maxLng ||
    p.lat < CHINA_BOUNDS.minLat ||
    p.lat > CHINA_BOUNDS.maxLat
  );
}

function periodicTerms(a: number, b: number, c: number, d: number, x: number, p: number): number {
  return (
    ((a * Math.sin(6 * x * Math.PI) + a * Math.sin(2 * x * Math.PI)) * 2) / 3 +
    ((b * Math.sin(p * Math.PI) + 2 * b * Math.sin((p / 3) * Math.PI)) * 2) / 3 +
    ((c * Math.sin((p / 12) * Math.PI) + d * Math.sin((p / 30) * Math.PI)) * 2) / 3
  );
}

function offsetLat(x: number, y: number): number {
  const base = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  return base + periodicTerms(20, 20, 160, 320, x, y);
}

function offsetLng(x: number, y: number): number {
  const base = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  return base + periodicTerms(20, 20, 150, 300, x, x);
}

/** GCJ-02 offset (degrees) to add to a WGS-84 point. */
function computeOffset(p: LatLng): LatLng {
  const x = p.lng - ORIGIN_LNG;
  const y = p.lat - ORIGIN_LAT;
  const radLat = (p.lat / 180) * Math.PI;
  const magic = 1 - KRASOVSKY_ECCENTRICITY_SQ * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat =
    (offsetLat(x, y) * 180) /
    (((KRASOVSKY_SEMI_MAJOR_M * (1 - KRASOVSKY_ECCENTRICITY_SQ)) / (magic * sqrtMagic)) * Math.PI);
  const dLng = (offsetLng(x, y) * 180) / ((KRASOVSKY_SEMI_MAJOR_M / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lat: dLat, lng: dLng };
}

export function convertWgs84ToGcj02(p: LatLng): LatLng {
  if (isOutsideChina(p)) return { ...p };
  const d = computeOffset(p);
  return { lat: p.lat + d.lat, lng: p.lng + d.lng };
}

export function convertGcj02ToWgs84(gcj: LatLng): LatLng {
  if (isOutsideChina(gcj)) return { ...gcj };
  let wgs = { lat: gcj.lat, lng: gcj.lng };
  for (let i = 0; i < INVERSE_MAX_ITERATIONS; i++) {
    const back = convertWgs84ToGcj02(wgs);
    const errLat = back.lat - gcj.lat;
    const errLng = back.lng - gcj.lng;
    wgs = { lat: wgs.lat - errLat, lng: wgs.lng - errLng };
    if (Math.abs(errLat) < INVERSE_TOLERANCE_DEG && Math.abs(errLng) < INVERSE_TOLERANCE_DEG) break;
  }
  return wgs;
}
