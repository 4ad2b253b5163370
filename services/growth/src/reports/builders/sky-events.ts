/**
 * Events of the coming sky, found from samples of the transiting bodies: exact aspects to natal points, sign
 * ingresses and lunations. Between two samples a body's longitude is taken as linear, which places an event to
 * within hours for the fast bodies on daily samples and within days for the slow ones on monthly samples.
 */
import {
  ASPECT_ANGLES,
  computeTransitingBodies,
  normalizeDegrees,
  signedArc,
  signOf,
  type AspectType,
  type BodyKey,
  type BodyPosition,
  type ChartPointKey,
  type SignKey,
} from '../../astrology/index.ts';
import { computeBodyLongitude } from '../../astrology/ephemeris.engine.ts';

const MS_PER_DAY = 86_400_000;
/** A crossing is only trusted when both samples are this close to the target (no wrap-around at ±180°). */
const CROSSING_WINDOW_DEG = 30;
const FULL_CIRCLE = 360;
const HALF_CIRCLE = 180;
const LUNATION_SEARCH_STEPS = 8;
const LUNATION_SAMPLE_DAYS = 3;
const LUNATION_TOLERANCE_DEG = 1e-4;

export interface SkySample {
  at: Date;
  bodies: BodyPosition[];
}

export interface NatalPoint {
  key: ChartPointKey;
  longitude: number;
}

export interface AspectEvent {
  body: BodyKey;
  natal: ChartPointKey;
  type: AspectType;
  /** When the aspect is exact (interpolated between samples). */
  at: Date;
}

export interface IngressEvent {
  body: BodyKey;
  sign: SignKey;
  at: Date;
}

export interface LunationEvent {
  kind: 'new' | 'full';
  /** Longitude of the Moon at the lunation. */
  longitude: number;
  at: Date;
}

/**
 * The sky of an instant is the same for every chart, and the outlook samples day-aligned instants (noon in
 * Shanghai), so every report of a day asks for the same few dozen skies. They are kept, bounded, by instant; the
 * arrays are shared and never mutated.
 */
const SKY_CACHE_LIMIT = 512;
const skyCache = new Map<number, BodyPosition[]>();

function cachedSky(at: Date): BodyPosition[] {
  const key = at.getTime();
  let bodies = skyCache.get(key);
  if (!bodies) {
    bodies = computeTransitingBodies(at);
    // Oldest first out: a Map iterates in insertion order.
    if (skyCache.size >= SKY_CACHE_LIMIT) skyCache.delete(skyCache.keys().next().value ?? key);
    skyCache.set(key, bodies);
  }
  return bodies;
}

export function sampleSky(instants: readonly Date[]): SkySample[] {
  return instants.map((at) => ({ at, bodies: cachedSky(at) }));
}

/** Instants `from + k * stepDays` for k = 0..count-1. */
export function spacedInstants(from: Date, stepDays: number, count: number): Date[] {
  return Array.from({ length: count }, (_, k) => new Date(from.getTime() + k * stepDays * MS_PER_DAY));
}

function longitudeOf(sample: SkySample, key: BodyKey): number | undefined {
  return sample.bodies.find((body) => body.key === key)?.longitude;
}

function interpolateInstant(a: Date, b: Date, fraction: number): Date {
  return new Date(a.getTime() + (b.getTime() - a.getTime()) * fraction);
}

function aspectTargets(natal: number, type: AspectType): number[] {
  const angle = ASPECT_ANGLES[type];
  if (angle === 0 || angle === HALF_CIRCLE) return [normalizeDegrees(natal + angle)];
  return [normalizeDegrees(natal + angle), normalizeDegrees(natal - angle)];
}

/** Exact aspects the bodies make to the natal points between the first and last sample, first occurrence each. */
export function findAspectEvents(
  samples: readonly SkySample[],
  bodies: readonly BodyKey[],
  natalPoints: readonly NatalPoint[],
): AspectEvent[] {
  const events: AspectEvent[] = [];
  for (const body of bodies) {
    for (const point of natalPoints) {
      for (const type of Object.keys(ASPECT_ANGLES) as AspectType[]) {
        const event = findFirstCrossing(samples, body, aspectTargets(point.longitude, type));
        if (event) events.push({ body, natal: point.key, type, at: event });
      }
    }
  }
  return events.sort((x, y) => x.at.getTime() - y.at.getTime());
}

function findFirstCrossing(samples: readonly SkySample[], body: BodyKey, targets: number[]): Date | null {
  for (let i = 0; i + 1 < samples.length; i++) {
    const from = samples[i];
    const to = samples[i + 1];
    if (!from || !to) continue;
    const a = longitudeOf(from, body);
    const b = longitudeOf(to, body);
    if (a === undefined || b === undefined) continue;
    for (const target of targets) {
      const before = signedArc(target, a);
      const after = signedArc(target, b);
      if (Math.abs(before) > CROSSING_WINDOW_DEG || Math.abs(after) > CROSSING_WINDOW_DEG) continue;
      if (before === 0) return from.at;
      if (Math.sign(before) !== Math.sign(after)) {
        return interpolateInstant(from.at, to.at, before / (before - after));
      }
    }
  }
  return null;
}

/** Sign changes of the bodies between consecutive samples. */
export function findIngresses(samples: readonly SkySample[], bodies: readonly BodyKey[]): IngressEvent[] {
  const events: IngressEvent[] = [];
  for (const body of bodies) {
    for (let i = 0; i + 1 < samples.length; i++) {
      const from = samples[i];
      const to = samples[i + 1];
      if (!from || !to) continue;
      const a = longitudeOf(from, body);
      const b = longitudeOf(to, body);
      if (a === undefined || b === undefined || signOf(a) === signOf(b)) continue;
      const sign = signOf(b);
      // Boundary crossed: the cusp of the new sign when moving forward, of the old one when retrograde.
      const boundary = signedArc(a, b) >= 0 ? Math.floor(b / 30) * 30 : Math.floor(a / 30) * 30;
      const travelled = signedArc(a, b);
      const fraction = travelled === 0 ? 0 : signedArc(a, boundary) / travelled;
      events.push({ body, sign, at: interpolateInstant(from.at, to.at, Math.min(1, Math.max(0, fraction))) });
    }
  }
  return events.sort((x, y) => x.at.getTime() - y.at.getTime());
}

function elongation(at: Date): { value: number; rate: number; moon: number } {
  const sun = computeBodyLongitude('sun', at);
  const moon = computeBodyLongitude('moon', at);
  return {
    value: normalizeDegrees(moon.longitude - sun.longitude),
    rate: moon.speed - sun.speed,
    moon: moon.longitude,
  };
}

/**
 * New and full moons from `from` for `days` days, each refined to the minute by Newton steps. The Moon gains about
 * 12° a day on the Sun, so samples every few days still see every crossing of 0° and 180°.
 */
export function findLunations(from: Date, days: number): LunationEvent[] {
  const key = `${from.getTime()}:${days}`;
  let events = lunationCache.get(key);
  if (!events) {
    events = searchLunations(from, days);
    if (lunationCache.size >= LUNATION_CACHE_LIMIT)
      lunationCache.delete(lunationCache.keys().next().value ?? key);
    lunationCache.set(key, events);
  }
  return events.map((event) => ({ ...event, at: new Date(event.at.getTime()) }));
}

/** Lunations depend only on the window, which the outlook aligns to the day: kept like the skies. */
const LUNATION_CACHE_LIMIT = 32;
const lunationCache = new Map<string, LunationEvent[]>();

function searchLunations(from: Date, days: number): LunationEvent[] {
  const events: LunationEvent[] = [];
  let previous = elongation(from);
  for (let day = LUNATION_SAMPLE_DAYS; day < days + LUNATION_SAMPLE_DAYS; day += LUNATION_SAMPLE_DAYS) {
    const at = new Date(from.getTime() + day * MS_PER_DAY);
    const current = elongation(at);
    const crossedNew = previous.value > HALF_CIRCLE && current.value < HALF_CIRCLE;
    const crossedFull = previous.value < HALF_CIRCLE && current.value >= HALF_CIRCLE;
    if (crossedNew || crossedFull) {
      const target = crossedNew ? 0 : HALF_CIRCLE;
      // Start from the sample before the crossing and let Newton walk forward to it.
      let t = at.getTime() - LUNATION_SAMPLE_DAYS * MS_PER_DAY;
      let state = previous;
      for (let step = 0; step < LUNATION_SEARCH_STEPS; step++) {
        const miss = signedArc(state.value, target);
        t += (miss / state.rate) * MS_PER_DAY;
        state = elongation(new Date(t));
        if (Math.abs(miss) < LUNATION_TOLERANCE_DEG) break;
      }
      if (t >= from.getTime() && t <= from.getTime() + days * MS_PER_DAY) {
        events.push({ kind: crossedNew ? 'new' : 'full', longitude: state.moon, at: new Date(t) });
      }
    }
    previous = current;
  }
  return events;
}

/** The house (1..12) of a longitude among 12 cusps, house 1 first. */
export function houseOf(longitude: number, cusps: readonly number[]): number {
  for (let i = 0; i < cusps.length; i++) {
    const start = cusps[i] ?? 0;
    const end = cusps[(i + 1) % cusps.length] ?? 0;
    const span = normalizeDegrees(end - start) || FULL_CIRCLE;
    if (normalizeDegrees(longitude - start) < span) return i + 1;
  }
  return 1;
}
