/**
 * Great-circle geometry for nearby search. Pure: no HTTP, no SQL.
 *
 * The search works in two steps: a latitude/longitude box that contains the search circle (cheap to answer from the
 * `(geo_visible, geo_lat, geo_lng, …)` index), then the exact haversine distance of each candidate. Distances are
 * measured to the centre of the ~1 km grid cell holding a profile rather than to its stored point, so repeated
 * searches from different places (trilateration) can recover at best the cell, never the exact coordinates.
 */

/** Mean Earth radius (IUGG), the usual sphere for haversine distances. */
export const EARTH_RADIUS_KM = 6371.0088;
const DEGREES_PER_RADIAN = 180 / Math.PI;
const MAX_LATITUDE = 90;
const MAX_LONGITUDE = 180;
const FULL_TURN = 360;

/** Size of the privacy grid: 0.01° is about 1.1 km of latitude (and at most that of longitude). */
export const PRIVACY_CELL_DEG = 0.01;
/** Distances are answered in tenths of a kilometre. */
const DISTANCE_STEPS_PER_KM = 10;

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface LongitudeRange {
  min: number;
  max: number;
}

/** Candidate box: one latitude range and one or two longitude ranges (two when it crosses the antimeridian). */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  lngRanges: LongitudeRange[];
}

function toRadians(degrees: number): number {
  return degrees / DEGREES_PER_RADIAN;
}

/** Haversine distance in kilometres; numerically stable for small and antipodal distances alike. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Normalises a longitude into [-180, 180). */
function wrapLongitude(lng: number): number {
  return ((((lng + MAX_LONGITUDE) % FULL_TURN) + FULL_TURN) % FULL_TURN) - MAX_LONGITUDE;
}

/**
 * A box that contains every point within `radiusKm` of `center`, widened by `marginDeg` on every side. The longitude
 * half-width is the exact one of a spherical cap (asin(sin r / cos φ)), so the box is never too small; when the cap
 * reaches a pole every longitude is included.
 */
export function boundingBox(center: GeoPoint, radiusKm: number, marginDeg = 0): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = angular * DEGREES_PER_RADIAN + marginDeg;
  const minLat = Math.max(-MAX_LATITUDE, center.lat - dLat);
  const maxLat = Math.min(MAX_LATITUDE, center.lat + dLat);
  const cosLat = Math.cos(toRadians(center.lat));
  const reachesPole = minLat <= -MAX_LATITUDE || maxLat >= MAX_LATITUDE || Math.sin(angular) >= cosLat;
  if (reachesPole) return { minLat, maxLat, lngRanges: [{ min: -MAX_LONGITUDE, max: MAX_LONGITUDE }] };
  const dLng = Math.asin(Math.sin(angular) / cosLat) * DEGREES_PER_RADIAN + marginDeg;
  if (dLng >= MAX_LONGITUDE) {
    return { minLat, maxLat, lngRanges: [{ min: -MAX_LONGITUDE, max: MAX_LONGITUDE }] };
  }
  const west = center.lng - dLng;
  const east = center.lng + dLng;
  if (west < -MAX_LONGITUDE) {
    return {
      minLat,
      maxLat,
      lngRanges: [
        { min: -MAX_LONGITUDE, max: east },
        { min: wrapLongitude(west), max: MAX_LONGITUDE },
      ],
    };
  }
  if (east > MAX_LONGITUDE) {
    return {
      minLat,
      maxLat,
      lngRanges: [
        { min: west, max: MAX_LONGITUDE },
        { min: -MAX_LONGITUDE, max: wrapLongitude(east) },
      ],
    };
  }
  return { minLat, maxLat, lngRanges: [{ min: west, max: east }] };
}

/** Centre of the privacy cell holding a point: what distances are measured to. */
export function privacyCellCentre(point: GeoPoint): GeoPoint {
  const snap = (value: number) => (Math.floor(value / PRIVACY_CELL_DEG) + 0.5) * PRIVACY_CELL_DEG;
  return { lat: Math.min(MAX_LATITUDE, snap(point.lat)), lng: snap(point.lng) };
}

/** The margin a candidate box needs so that every point whose cell centre is inside the circle is a candidate. */
export const PRIVACY_CELL_MARGIN_DEG = PRIVACY_CELL_DEG / 2;

/** Rounds a distance to the answered step (0.1 km). */
export function roundDistanceKm(km: number): number {
  return Math.round(km * DISTANCE_STEPS_PER_KM) / DISTANCE_STEPS_PER_KM;
}
