/**
 * Apparent geocentric positions of the chart bodies on the true ecliptic and equinox of date,
 * built on astronomy-engine (VSOP87 planets, its Pluto integrator, and its lunar theory).
 *
 * Why not `GeoVector` + `Ecliptic` per body: that pair iterates light time separately for every
 * body and recomputes precession and nutation on each call, and a second evaluation would be
 * needed for speeds. Here each instant costs one Earth state, one state per body, and one
 * EQJ→ECT rotation matrix. Light time and annual aberration together are applied to first order
 * as `apparent = geometric − relativeVelocity × lightTime` (the two effects combine into the
 * body's velocity relative to the Earth); the neglected terms are below 0.001° for every body.
 * The result agrees with `GeoVector(body, t, true)` → `Ecliptic` and with the Swiss Ephemeris
 * (see astrology.accuracy.test.ts).
 */
import * as Astronomy from 'astronomy-engine';
import type { BodyKey } from './astrology.types.ts';
import { normalizeDegrees, RAD_TO_DEG } from './degrees.ts';

const SPEED_OF_LIGHT_AU_PER_DAY = Astronomy.C_AUDAY;
const DAYS_PER_JULIAN_CENTURY = 36525;
const ARCSEC_PER_DEG = 3600;
const DEG_PER_SIDEREAL_HOUR = 15;

/** Meeus, Astronomical Algorithms 2nd ed., eq. 47.7: mean longitude of the ascending node. */
const MEAN_NODE_COEFFS = {
  c0: 125.0445479,
  c1: -1934.1362891,
  c2: 0.0020754,
  c3Divisor: 467441,
  c4Divisor: -60616000,
} as const;

export interface RawBodyPosition {
  key: BodyKey;
  /** Degrees in [0, 360). */
  longitude: number;
  latitude: number;
  /** Degrees per day. */
  speed: number;
}

export interface SkyState {
  time: Astronomy.AstroTime;
  /** In the order of BODY_KEYS. */
  bodies: RawBodyPosition[];
  /** Greenwich apparent sidereal time, degrees. */
  gastDeg: number;
  /** True obliquity of the ecliptic, degrees. */
  trueObliquityDeg: number;
}

const PLANETS: ReadonlyArray<readonly [BodyKey, Astronomy.Body]> = [
  ['mercury', Astronomy.Body.Mercury],
  ['venus', Astronomy.Body.Venus],
  ['mars', Astronomy.Body.Mars],
  ['jupiter', Astronomy.Body.Jupiter],
  ['saturn', Astronomy.Body.Saturn],
  ['uranus', Astronomy.Body.Uranus],
  ['neptune', Astronomy.Body.Neptune],
  ['pluto', Astronomy.Body.Pluto],
];

/** EQJ → true ecliptic of date, unpacked once per instant (row-major: e = M · v). */
interface EclipticFrame {
  m00: number;
  m01: number;
  m02: number;
  m10: number;
  m11: number;
  m12: number;
  m20: number;
  m21: number;
  m22: number;
}

function computeEclipticFrame(time: Astronomy.AstroTime): EclipticFrame {
  const r = Astronomy.Rotation_EQJ_ECT(time).rot;
  // Astronomy.RotateVector computes e[i] = Σ_j rot[j][i] · v[j], i.e. rot is stored transposed.
  const at = (row: number, col: number): number => r[col]?.[row] ?? 0;
  return {
    m00: at(0, 0),
    m01: at(0, 1),
    m02: at(0, 2),
    m10: at(1, 0),
    m11: at(1, 1),
    m12: at(1, 2),
    m20: at(2, 0),
    m21: at(2, 1),
    m22: at(2, 2),
  };
}

/**
 * Rotates a geocentric EQJ state into the true ecliptic of date, applies light time and
 * aberration, and returns longitude, latitude and longitude speed.
 */
function projectToEcliptic(
  key: BodyKey,
  f: EclipticFrame,
  x: number,
  y: number,
  z: number,
  vx: number,
  vy: number,
  vz: number,
): RawBodyPosition {
  const lightTime = Math.hypot(x, y, z) / SPEED_OF_LIGHT_AU_PER_DAY;
  const ax = x - vx * lightTime;
  const ay = y - vy * lightTime;
  const az = z - vz * lightTime;
  const ex = f.m00 * ax + f.m01 * ay + f.m02 * az;
  const ey = f.m10 * ax + f.m11 * ay + f.m12 * az;
  const ez = f.m20 * ax + f.m21 * ay + f.m22 * az;
  const evx = f.m00 * vx + f.m01 * vy + f.m02 * vz;
  const evy = f.m10 * vx + f.m11 * vy + f.m12 * vz;
  const rxy2 = ex * ex + ey * ey;
  return {
    key,
    longitude: normalizeDegrees(Math.atan2(ey, ex) * RAD_TO_DEG),
    latitude: Math.atan2(ez, Math.sqrt(rxy2)) * RAD_TO_DEG,
    // d/dt atan2(y, x); the slow rotation of the frame itself (precession) is negligible.
    speed: ((ex * evy - ey * evx) / rxy2) * RAD_TO_DEG,
  };
}

/** Mean lunar node on the true equinox of date (mean node + nutation in longitude). */
export function computeMeanNode(time: Astronomy.AstroTime): RawBodyPosition {
  const t = time.tt / DAYS_PER_JULIAN_CENTURY;
  const c = MEAN_NODE_COEFFS;
  const meanLongitude = c.c0 + t * (c.c1 + t * (c.c2 + t * (1 / c.c3Divisor + t / c.c4Divisor)));
  const ratePerCentury = c.c1 + t * (2 * c.c2 + t * (3 / c.c3Divisor + (4 * t) / c.c4Divisor));
  const nutationLongitude = Astronomy.e_tilt(time).dpsi / ARCSEC_PER_DEG;
  return {
    key: 'north_node',
    longitude: normalizeDegrees(meanLongitude + nutationLongitude),
    latitude: 0,
    speed: ratePerCentury / DAYS_PER_JULIAN_CENTURY,
  };
}

export function toAstroTime(instant: Date | Astronomy.AstroTime): Astronomy.AstroTime {
  return Astronomy.MakeTime(instant);
}

/** Positions of all chart bodies plus the Earth-orientation angles the houses need. */
export function computeSky(instant: Date | Astronomy.AstroTime): SkyState {
  const time = toAstroTime(instant);
  const m = computeEclipticFrame(time);
  const earth = Astronomy.HelioState(Astronomy.Body.Earth, time);
  const moon = Astronomy.GeoMoonState(time);

  const bodies: RawBodyPosition[] = [
    projectToEcliptic('sun', m, -earth.x, -earth.y, -earth.z, -earth.vx, -earth.vy, -earth.vz),
    projectToEcliptic('moon', m, moon.x, moon.y, moon.z, moon.vx, moon.vy, moon.vz),
  ];
  for (const [key, body] of PLANETS) {
    const s = Astronomy.HelioState(body, time);
    bodies.push(
      projectToEcliptic(
        key,
        m,
        s.x - earth.x,
        s.y - earth.y,
        s.z - earth.z,
        s.vx - earth.vx,
        s.vy - earth.vy,
        s.vz - earth.vz,
      ),
    );
  }
  bodies.push(computeMeanNode(time));

  return {
    time,
    bodies,
    gastDeg: Astronomy.SiderealTime(time) * DEG_PER_SIDEREAL_HOUR,
    trueObliquityDeg: Astronomy.e_tilt(time).tobl,
  };
}

/** Apparent ecliptic longitude and speed of one body; cheaper than a whole sky for searches. */
export function computeBodyLongitude(
  key: 'sun' | 'moon',
  instant: Date | Astronomy.AstroTime,
): RawBodyPosition {
  const time = toAstroTime(instant);
  const m = computeEclipticFrame(time);
  if (key === 'sun') {
    const e = Astronomy.HelioState(Astronomy.Body.Earth, time);
    return projectToEcliptic('sun', m, -e.x, -e.y, -e.z, -e.vx, -e.vy, -e.vz);
  }
  const s = Astronomy.GeoMoonState(time);
  return projectToEcliptic('moon', m, s.x, s.y, s.z, s.vx, s.vy, s.vz);
}
