/** The star-report shapes of a chart (decisions: astrology conventions), shared by every report that shows one. */
import type { Aspect, BodyPosition, Chart, ChartPointKey, HouseSystem } from '../../astrology/index.ts';
import { ANGLE_NAMES_ZH, bodyNameZh, isBodyKey } from '../../astrology/index.ts';

/** Longitudes to 1e-4° (the contract asks for at least 0.01°); orbs to 0.01°. */
const LONGITUDE_DECIMALS = 4;
const ORB_DECIMALS = 2;

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export interface ChartLocationSummary {
  name: string;
  lat: number;
  lng: number;
  tz: string;
  assumed: boolean;
}

export interface ChartSummary {
  zodiac: 'tropical';
  house_system: HouseSystem | null;
  /** The chart's instant; null for midpoint charts that are not the sky of any moment. */
  birth_utc: string | null;
  /** False when the birth time is unknown: no houses or angles then. */
  time_known: boolean;
  location: ChartLocationSummary;
  ascendant: number | null;
  midheaven: number | null;
  houses: number[] | null;
  /** Engine notes such as `time_unknown`, `place_assumed`, `dst_ambiguous`, `porphyry_polar`. */
  notes: string[];
}

export interface PlanetSummary {
  key: string;
  name: string;
  longitude: number;
  sign: string;
  sign_degree: number;
  house: number | null;
  retrograde: boolean;
}

export interface AspectSummary {
  a: string;
  b: string;
  type: string;
  orb: number;
}

export function pointNameZh(key: ChartPointKey): string {
  return isBodyKey(key) ? bodyNameZh(key) : ANGLE_NAMES_ZH[key];
}

export function summarizeChart(chart: Chart, options: { hasInstant: boolean }): ChartSummary {
  return {
    zodiac: 'tropical',
    house_system: chart.houseSystem,
    birth_utc: options.hasInstant ? chart.instantUtc.toISOString() : null,
    time_known: chart.timeKnown,
    location: {
      name: chart.location.name,
      lat: roundTo(chart.location.lat, LONGITUDE_DECIMALS),
      lng: roundTo(chart.location.lng, LONGITUDE_DECIMALS),
      tz: chart.location.tz,
      assumed: chart.location.assumed,
    },
    ascendant: chart.ascendant === null ? null : roundTo(chart.ascendant, LONGITUDE_DECIMALS),
    midheaven: chart.midheaven === null ? null : roundTo(chart.midheaven, LONGITUDE_DECIMALS),
    houses: chart.houses === null ? null : chart.houses.map((cusp) => roundTo(cusp, LONGITUDE_DECIMALS)),
    notes: [...chart.notes],
  };
}

export function summarizePlanets(bodies: readonly BodyPosition[]): PlanetSummary[] {
  return bodies.map((body) => ({
    key: body.key,
    name: bodyNameZh(body.key),
    longitude: roundTo(body.longitude, LONGITUDE_DECIMALS),
    sign: body.sign,
    sign_degree: roundTo(body.signDegree, LONGITUDE_DECIMALS),
    house: body.house,
    retrograde: body.retrograde,
  }));
}

export function summarizeAspect(aspect: Aspect): AspectSummary {
  return { a: aspect.a, b: aspect.b, type: aspect.type, orb: roundTo(aspect.orb, ORB_DECIMALS) };
}

export function requireBody(chart: Chart | { bodies: readonly BodyPosition[] }, key: BodyPosition['key']) {
  const body = chart.bodies.find((candidate) => candidate.key === key);
  if (!body) throw new Error(`chart has no ${key}`);
  return body;
}
