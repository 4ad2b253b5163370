/** Shape of gazetteer-data.generated.json, shared by the build script and the loader. */
import type { GazetteerPlace, PlaceKind } from './places.types.ts';

export const FORMAT_VERSION = 2;

export const KIND_CODES = { province: 1, prefecture: 2, county: 3, city: 4 } as const;
export type PlaceKindCode = (typeof KIND_CODES)[keyof typeof KIND_CODES];

export const KIND_BY_CODE: Readonly<Record<number, PlaceKind>> = {
  [KIND_CODES.province]: 'province',
  [KIND_CODES.prefecture]: 'prefecture',
  [KIND_CODES.county]: 'county',
  [KIND_CODES.city]: 'city',
};

export const PLACE_FLAG_HISTORIC = 1;
export const PLACE_FLAG_DUPLICATE = 2;

/** Match quality of a key: a full name beats a short form or alternate name. */
export const QUALITY_PRIMARY = 2;
export const QUALITY_SECONDARY = 1;

/**
 * One place, as a compact tuple:
 * [name, lat, lng, zone index, kind code, country, division code or '', weight, flags].
 */
export type PlaceRow = [string, number, number, number, PlaceKindCode, string, string, number, number];

export interface GazetteerFile {
  format: number;
  generatedBy: string;
  zones: string[];
  /** Pairs of characters: a traditional/Japanese form followed by its simplified form. */
  charMap: string;
  places: PlaceRow[];
  /**
   * Normalised name key → candidates, best first. A candidate is `place index × 2 + 1` for a
   * primary key (a full name: full division name, its path, its English name, a GeoNames
   * name) and `place index × 2` for a secondary key (short form, alternate name).
   */
  index: Record<string, number[]>;
}

export function encodeCandidate(placeIndex: number, quality: number): number {
  return placeIndex * 2 + (quality === QUALITY_PRIMARY ? 1 : 0);
}

export function decodeCandidate(code: number): { placeIndex: number; quality: number } {
  return {
    placeIndex: Math.floor(code / 2),
    quality: code % 2 === 1 ? QUALITY_PRIMARY : QUALITY_SECONDARY,
  };
}

export function toGazetteerPlace(
  row: PlaceRow,
  zones: readonly string[],
  fallbackZone: string,
): GazetteerPlace {
  const [name, lat, lng, zone, kindCode, country, code, weight, flags] = row;
  return {
    name,
    lat,
    lng,
    tz: zones[zone] ?? fallbackZone,
    kind: KIND_BY_CODE[kindCode] ?? 'city',
    country,
    code: code === '' ? null : code,
    weight,
    historic: (flags & PLACE_FLAG_HISTORIC) !== 0,
    duplicate: (flags & PLACE_FLAG_DUPLICATE) !== 0,
  };
}
