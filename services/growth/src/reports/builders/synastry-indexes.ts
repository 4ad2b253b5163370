/**
 * The three synastry indexes, each an integer 0..100 computed from inter-chart aspects (A's point `a`, B's point
 * `b`) and the composite chart. Every aspect counts with its tightness t = 1 − orb / orb limit (1 exact, 0 at the
 * edge), so a close contact outweighs a loose one. The rules (also in docs/reports.md):
 *
 * - attraction = 100 · (1 − e^(−R / 1.5)), R = Σ pairWeight · typeWeight · t over contacts between the "chemistry"
 *   points (Venus–Mars 1.0, Sun–Moon 0.8, Venus–Sun 0.6, Venus–Moon 0.5, Mars–Sun 0.5, Mars–Moon 0.5,
 *   Venus–Pluto 0.5, Mars–Pluto 0.5, Venus–Ascendant 0.5, Mars–Ascendant 0.4, Mars–Mars 0.3, Venus–Uranus 0.3;
 *   either person may hold either point). Every aspect type attracts: conjunction 1.0, opposition 0.8, trine 0.7,
 *   sextile 0.6, square 0.6. No contact at all gives 0; it saturates towards 100.
 * - harmony = 50 + 50 · tanh(N / 2.5), N = Σ ±w · t over aspects between the personal points (Sun, Moon, Mercury,
 *   Venus, Mars, Ascendant) of both: trine and sextile +1, conjunction +0.5 (−0.25 when Mars takes part), square and
 *   opposition −1; w = 1.5 when both points are luminaries, else 1. No aspects at all gives 50.
 * - stability = 50 + 50 · tanh(S / 2), S sums: Saturn of either person to the other's Sun, Moon, Venus, Mars or
 *   Ascendant (trine/sextile +1, conjunction +0.8, square/opposition −0.6), Moon–Moon and Sun–Moon contacts
 *   (flowing +0.5, conjunction +0.5, tension −0.3), and in the composite chart Saturn to the Sun, Moon or Venus
 *   (flowing +0.8, conjunction +0.5, tension −0.5) and Sun–Moon (flowing or conjunction +0.8, tension −0.6).
 */
import type { Aspect, AspectType, Chart, ChartPointKey } from '../../astrology/index.ts';
import { computeNatalAspects } from '../../astrology/index.ts';
import { aspectNature, pairKey, tightnessOf } from './aspect-keys.ts';

export const ATTRACTION_PAIR_WEIGHTS: Readonly<Record<string, number>> = {
  venus_mars: 1.0,
  sun_moon: 0.8,
  sun_venus: 0.6,
  moon_venus: 0.5,
  sun_mars: 0.5,
  moon_mars: 0.5,
  venus_pluto: 0.5,
  mars_pluto: 0.5,
  venus_ascendant: 0.5,
  mars_ascendant: 0.4,
  mars_mars: 0.3,
  venus_uranus: 0.3,
};

export const ATTRACTION_TYPE_WEIGHTS: Readonly<Record<AspectType, number>> = {
  conjunction: 1.0,
  opposition: 0.8,
  trine: 0.7,
  sextile: 0.6,
  square: 0.6,
};

const ATTRACTION_SCALE = 1.5;
const HARMONY_SCALE = 2.5;
const STABILITY_SCALE = 2;
const INDEX_MIDPOINT = 50;
const INDEX_MAX = 100;
const LUMINARY_PAIR_WEIGHT = 1.5;
const HARMONY_CONJUNCTION = 0.5;
const HARMONY_MARS_CONJUNCTION = -0.25;

const PERSONAL_POINTS: ReadonlySet<ChartPointKey> = new Set([
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'ascendant',
]);
const LUMINARIES: ReadonlySet<ChartPointKey> = new Set(['sun', 'moon']);
const SATURN_TARGETS: ReadonlySet<ChartPointKey> = new Set(['sun', 'moon', 'venus', 'mars', 'ascendant']);
const COMPOSITE_SATURN_TARGETS: ReadonlySet<ChartPointKey> = new Set(['sun', 'moon', 'venus']);

const SATURN_CONTACT = { flowing: 1, conjunction: 0.8, tension: -0.6 } as const;
const LUNAR_CONTACT = { flowing: 0.5, conjunction: 0.5, tension: -0.3 } as const;
const COMPOSITE_SATURN = { flowing: 0.8, conjunction: 0.5, tension: -0.5 } as const;
const COMPOSITE_SUN_MOON = { flowing: 0.8, conjunction: 0.8, tension: -0.6 } as const;

export interface IndexContribution {
  a: string;
  b: string;
  type: AspectType;
  /** Signed points this aspect added before scaling. */
  points: number;
  /** `inter` for A-to-B aspects, `composite` for aspects inside the composite chart. */
  source: 'inter' | 'composite';
}

export interface SynastryIndexes {
  attraction: number;
  harmony: number;
  stability: number;
}

export interface SynastryIndexBreakdown {
  indexes: SynastryIndexes;
  /** The largest contributions of each index, strongest first. */
  drivers: Record<keyof SynastryIndexes, IndexContribution[]>;
}

const DRIVER_COUNT = 3;

function clampIndex(value: number): number {
  return Math.min(INDEX_MAX, Math.max(0, Math.round(value)));
}

function tightness(aspect: Aspect): number {
  return tightnessOf(aspect.type, aspect.a, aspect.b, aspect.orb);
}

function contribution(
  aspect: Aspect,
  points: number,
  source: IndexContribution['source'],
): IndexContribution {
  return { a: aspect.a, b: aspect.b, type: aspect.type, points, source };
}

function topDrivers(contributions: IndexContribution[]): IndexContribution[] {
  return [...contributions]
    .filter((c) => c.points !== 0)
    .sort((x, y) => Math.abs(y.points) - Math.abs(x.points))
    .slice(0, DRIVER_COUNT)
    .map((c) => ({ ...c, points: Math.round(c.points * 1000) / 1000 }));
}

function scoreAttraction(inter: readonly Aspect[]): { value: number; contributions: IndexContribution[] } {
  const contributions: IndexContribution[] = [];
  for (const aspect of inter) {
    const weight = ATTRACTION_PAIR_WEIGHTS[pairKey(aspect.a, aspect.b)];
    if (weight === undefined) continue;
    contributions.push(
      contribution(aspect, weight * ATTRACTION_TYPE_WEIGHTS[aspect.type] * tightness(aspect), 'inter'),
    );
  }
  const raw = contributions.reduce((sum, c) => sum + c.points, 0);
  return { value: clampIndex(INDEX_MAX * (1 - Math.exp(-raw / ATTRACTION_SCALE))), contributions };
}

function scoreHarmony(inter: readonly Aspect[]): { value: number; contributions: IndexContribution[] } {
  const contributions: IndexContribution[] = [];
  for (const aspect of inter) {
    if (!PERSONAL_POINTS.has(aspect.a) || !PERSONAL_POINTS.has(aspect.b)) continue;
    const nature = aspectNature(aspect.type);
    let sign: number;
    if (nature === 'flowing') sign = 1;
    else if (nature === 'tension') sign = -1;
    else sign = aspect.a === 'mars' || aspect.b === 'mars' ? HARMONY_MARS_CONJUNCTION : HARMONY_CONJUNCTION;
    const weight = LUMINARIES.has(aspect.a) && LUMINARIES.has(aspect.b) ? LUMINARY_PAIR_WEIGHT : 1;
    contributions.push(contribution(aspect, sign * weight * tightness(aspect), 'inter'));
  }
  const net = contributions.reduce((sum, c) => sum + c.points, 0);
  return {
    value: clampIndex(INDEX_MIDPOINT + INDEX_MIDPOINT * Math.tanh(net / HARMONY_SCALE)),
    contributions,
  };
}

function scoreStability(
  inter: readonly Aspect[],
  composite: Chart,
): { value: number; contributions: IndexContribution[] } {
  const contributions: IndexContribution[] = [];
  for (const aspect of inter) {
    const nature = aspectNature(aspect.type);
    const saturnA = aspect.a === 'saturn' && SATURN_TARGETS.has(aspect.b);
    const saturnB = aspect.b === 'saturn' && SATURN_TARGETS.has(aspect.a);
    if (saturnA || saturnB) {
      contributions.push(contribution(aspect, SATURN_CONTACT[nature] * tightness(aspect), 'inter'));
      continue;
    }
    const key = pairKey(aspect.a, aspect.b);
    if (key === 'moon_moon' || key === 'sun_moon') {
      contributions.push(contribution(aspect, LUNAR_CONTACT[nature] * tightness(aspect), 'inter'));
    }
  }
  for (const aspect of computeNatalAspects(composite)) {
    const nature = aspectNature(aspect.type);
    const key = pairKey(aspect.a, aspect.b);
    const saturnContact =
      (aspect.a === 'saturn' && COMPOSITE_SATURN_TARGETS.has(aspect.b)) ||
      (aspect.b === 'saturn' && COMPOSITE_SATURN_TARGETS.has(aspect.a));
    if (saturnContact) {
      contributions.push(contribution(aspect, COMPOSITE_SATURN[nature] * tightness(aspect), 'composite'));
    } else if (key === 'sun_moon') {
      contributions.push(contribution(aspect, COMPOSITE_SUN_MOON[nature] * tightness(aspect), 'composite'));
    }
  }
  const sum = contributions.reduce((total, c) => total + c.points, 0);
  return {
    value: clampIndex(INDEX_MIDPOINT + INDEX_MIDPOINT * Math.tanh(sum / STABILITY_SCALE)),
    contributions,
  };
}

/** `inter`: aspects from A's points (`a`) to B's (`b`), e.g. computeSynastryAspects(A, B). */
export function computeSynastryIndexes(inter: readonly Aspect[], composite: Chart): SynastryIndexBreakdown {
  const attraction = scoreAttraction(inter);
  const harmony = scoreHarmony(inter);
  const stability = scoreStability(inter, composite);
  return {
    indexes: { attraction: attraction.value, harmony: harmony.value, stability: stability.value },
    drivers: {
      attraction: topDrivers(attraction.contributions),
      harmony: topDrivers(harmony.contributions),
      stability: topDrivers(stability.contributions),
    },
  };
}

/** Index bands the texts are written for. */
export function indexBand(value: number): 'low' | 'mid' | 'high' {
  if (value >= 70) return 'high';
  return value >= 40 ? 'mid' : 'low';
}
