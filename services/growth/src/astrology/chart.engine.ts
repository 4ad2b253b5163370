/** Casting charts: natal, at any instant, secondary progressions, solar and lunar returns. */
import type { BirthInput, BodyPosition, Chart, GeoLocation, Aspect } from './astrology.types.ts';
import { computeTransitAspects } from './aspects.engine.ts';
import { convertBirthTimeToUtc } from './birth-time.ts';
import { forwardArc, FULL_CIRCLE, normalizeDegrees, signedArc } from './degrees.ts';
import { computeBodyLongitude, computeSky } from './ephemeris.engine.ts';
import type { RawBodyPosition, SkyState } from './ephemeris.engine.ts';
import { computeArmcFromMidheaven, computeHouseFrame, findHouse } from './houses.engine.ts';
import type { HouseFrame } from './houses.engine.ts';
import { signDegreeOf, signOf } from './zodiac.ts';

const MS_PER_DAY = 86_400_000;
/** Secondary progressions: one day after birth stands for one tropical year of life. */
export const TROPICAL_YEAR_DAYS = 365.242189;
const RETURN_SEARCH_TOLERANCE_DEG = 1e-7;
const RETURN_SEARCH_MAX_STEPS = 20;
/** Mean daily motion used only to seed the lunar-return search. */
const MEAN_MOON_SPEED_DEG_PER_DAY = 13.176;

function addNote(notes: string[], note: string): void {
  if (!notes.includes(note)) notes.push(note);
}

function toBodyPositions(raw: readonly RawBodyPosition[], cusps: readonly number[] | null): BodyPosition[] {
  return raw.map((b) => ({
    key: b.key,
    longitude: b.longitude,
    latitude: b.latitude,
    speed: b.speed,
    retrograde: b.speed < 0,
    sign: signOf(b.longitude),
    signDegree: signDegreeOf(b.longitude),
    house: cusps ? findHouse(b.longitude, cusps) : null,
  }));
}

function assembleChart(
  sky: SkyState,
  instantUtc: Date,
  location: GeoLocation,
  frame: HouseFrame | null,
  extraNotes: readonly string[],
): Chart {
  const notes: string[] = [];
  for (const n of extraNotes) addNote(notes, n);
  if (!frame) addNote(notes, 'time_unknown');
  if (location.assumed) addNote(notes, 'place_assumed');
  if (frame?.system === 'porphyry') addNote(notes, 'porphyry_polar');
  return {
    instantUtc,
    location,
    timeKnown: frame !== null,
    bodies: toBodyPositions(sky.bodies, frame ? frame.cusps : null),
    ascendant: frame ? frame.ascendant : null,
    midheaven: frame ? frame.midheaven : null,
    houses: frame ? frame.cusps : null,
    houseSystem: frame ? frame.system : null,
    notes,
  };
}

/** Local apparent sidereal time in degrees (ARMC). */
function computeArmc(sky: SkyState, longitudeDeg: number): number {
  return normalizeDegrees(sky.gastDeg + longitudeDeg);
}

/**
 * A chart for an instant and place. Without a known time the bodies are still computed for
 * the instant given, but angles and houses are null and the chart says 'time_unknown'.
 */
export function computeChartAt(
  instant: Date,
  location: GeoLocation,
  timeKnown: boolean,
  notes: readonly string[] = [],
): Chart {
  if (Number.isNaN(instant.getTime())) throw new RangeError('invalid chart instant');
  const sky = computeSky(instant);
  const frame = timeKnown
    ? computeHouseFrame(computeArmc(sky, location.lng), location.lat, sky.trueObliquityDeg)
    : null;
  return assembleChart(sky, new Date(instant.getTime()), location, frame, notes);
}

export function computeNatalChart(input: BirthInput): Chart {
  const birth = convertBirthTimeToUtc(input.birthDate, input.birthTime, input.place.tz);
  return computeChartAt(birth.instantUtc, input.place, birth.timeKnown, birth.notes);
}

/** Positions of the bodies at an instant, without houses (the transiting sky). */
export function computeTransitingBodies(date: Date): BodyPosition[] {
  return toBodyPositions(computeSky(date).bodies, null);
}

/** Aspects from the sky at `date` to the natal chart; see computeTransitAspects for orbs and order. */
export function computeTransits(natal: Chart, date: Date): Aspect[] {
  return computeTransitAspects(natal, computeTransitingBodies(date));
}

/**
 * Secondary progression ("a day for a year"): the bodies are those of the instant
 * birth + age-in-tropical-years days. Angles are progressed by solar arc in the MC: the
 * progressed MC is the natal MC advanced by the arc the progressed Sun has moved, and the
 * ascendant and cusps follow from that MC at the birth latitude. A chart without a birth time
 * gets progressed bodies only.
 */
export function computeSecondaryProgression(natal: Chart, asOf: Date): Chart {
  const ageDays = (asOf.getTime() - natal.instantUtc.getTime()) / MS_PER_DAY;
  const progressedMs = natal.instantUtc.getTime() + (ageDays / TROPICAL_YEAR_DAYS) * MS_PER_DAY;
  const progressedInstant = new Date(progressedMs);
  const sky = computeSky(progressedInstant);
  let frame: HouseFrame | null = null;
  if (natal.timeKnown && natal.midheaven !== null) {
    const natalSun = natal.bodies.find((b) => b.key === 'sun');
    const progressedSun = sky.bodies.find((b) => b.key === 'sun');
    const solarArc = natalSun && progressedSun ? signedArc(natalSun.longitude, progressedSun.longitude) : 0;
    const midheaven = normalizeDegrees(natal.midheaven + solarArc);
    const armc = computeArmcFromMidheaven(midheaven, sky.trueObliquityDeg);
    frame = computeHouseFrame(armc, natal.location.lat, sky.trueObliquityDeg);
  }
  const notes = ['progressed', ...natal.notes.filter((n) => n !== 'porphyry_polar')];
  if (frame) addNote(notes, 'angles_solar_arc');
  return assembleChart(sky, progressedInstant, natal.location, frame, notes);
}

/** Newton search for the instant near `seed` when the body reaches `targetLongitude`. */
function searchLongitude(key: 'sun' | 'moon', targetLongitude: number, seedMs: number): number {
  let t = seedMs;
  for (let i = 0; i < RETURN_SEARCH_MAX_STEPS; i++) {
    const pos = computeBodyLongitude(key, new Date(t));
    const miss = signedArc(pos.longitude, targetLongitude);
    t += (miss / pos.speed) * MS_PER_DAY;
    if (Math.abs(miss) < RETURN_SEARCH_TOLERANCE_DEG) break;
  }
  return t;
}

function requireBody(chart: Chart, key: 'sun' | 'moon'): BodyPosition {
  const body = chart.bodies.find((b) => b.key === key);
  if (!body) throw new Error(`chart has no ${key}`);
  return body;
}

/**
 * The solar return for `year`: the chart of the moment in that (UTC) year when the Sun comes
 * back to its natal longitude, cast for `location` (the birth place unless relocated).
 */
export function findSolarReturn(natal: Chart, year: number, location: GeoLocation = natal.location): Chart {
  const natalSun = requireBody(natal, 'sun');
  const birth = natal.instantUtc;
  const seed = new Date(birth.getTime());
  seed.setUTCFullYear(year);
  const instant = new Date(searchLongitude('sun', natalSun.longitude, seed.getTime()));
  return computeChartAt(instant, location, natal.timeKnown, ['solar_return']);
}

/** The first lunar return strictly after `after`, cast for `location` (birth place by default). */
export function findLunarReturn(natal: Chart, after: Date, location: GeoLocation = natal.location): Chart {
  const natalMoon = requireBody(natal, 'moon');
  const now = computeBodyLongitude('moon', after);
  const ahead = forwardArc(now.longitude, natalMoon.longitude);
  let seed = after.getTime() + (ahead / MEAN_MOON_SPEED_DEG_PER_DAY) * MS_PER_DAY;
  let instant = searchLongitude('moon', natalMoon.longitude, seed);
  if (instant <= after.getTime()) {
    seed = instant + (FULL_CIRCLE / MEAN_MOON_SPEED_DEG_PER_DAY) * MS_PER_DAY;
    instant = searchLongitude('moon', natalMoon.longitude, seed);
  }
  return computeChartAt(new Date(instant), location, natal.timeKnown, ['lunar_return']);
}
