/** Arithmetic on the circle of ecliptic longitude, in degrees. */

export const FULL_CIRCLE = 360;
export const HALF_CIRCLE = 180;
export const DEG_TO_RAD = Math.PI / HALF_CIRCLE;
export const RAD_TO_DEG = HALF_CIRCLE / Math.PI;

/** Maps any angle to [0, 360). */
export function normalizeDegrees(deg: number): number {
  const r = deg % FULL_CIRCLE;
  const n = r < 0 ? r + FULL_CIRCLE : r;
  // -1e-15 % 360 + 360 rounds to exactly 360 in floating point.
  return n >= FULL_CIRCLE ? 0 : n;
}

/** Signed arc from `from` to `to`, in (-180, 180]. */
export function signedArc(from: number, to: number): number {
  const d = normalizeDegrees(to - from);
  return d > HALF_CIRCLE ? d - FULL_CIRCLE : d;
}

/** Unsigned circular distance, in [0, 180]. */
export function arcDistance(a: number, b: number): number {
  return Math.abs(signedArc(a, b));
}

/** Arc travelled going forward (increasing longitude) from `from` to `to`, in [0, 360). */
export function forwardArc(from: number, to: number): number {
  return normalizeDegrees(to - from);
}

/**
 * Midpoint on the shorter arc between two longitudes. Exactly opposite points have two
 * midpoints; the one forward of `a` is chosen so the result is deterministic.
 */
export function shorterArcMidpoint(a: number, b: number): number {
  return normalizeDegrees(a + signedArc(a, b) / 2);
}
