/**
 * Order of the readings of one name, best first (used when building the index, so lookups
 * need no sorting): full names before short forms, then provinces > prefectures > large world
 * cities > counties > smaller cities > GeoNames duplicates of Chinese places, current before
 * historic divisions, then the larger population.
 */
import type { GazetteerPlace } from './places.types.ts';

const LARGE_CITY_POPULATION = 1_000_000;

export interface RankedCandidate {
  place: GazetteerPlace;
  quality: number;
  order: number;
}

export function scorePlaceKind(p: GazetteerPlace): number {
  if (p.duplicate) return 1;
  switch (p.kind) {
    case 'province':
      return 6;
    case 'prefecture':
      return 5;
    case 'county':
      return 3;
    case 'city':
      return p.weight >= LARGE_CITY_POPULATION ? 4 : 2;
  }
}

/** Negative when `a` is the better reading of the same name. */
export function compareCandidates(a: RankedCandidate, b: RankedCandidate): number {
  return (
    b.quality - a.quality ||
    scorePlaceKind(b.place) - scorePlaceKind(a.place) ||
    Number(a.place.historic) - Number(b.place.historic) ||
    b.place.weight - a.place.weight ||
    a.order - b.order
  );
}
