import type { GeoLocation } from '../astrology/astrology.types.ts';

export type PlaceKind = 'province' | 'prefecture' | 'county' | 'city';

/** One gazetteer entry: a Chinese division (by GB/T 2260 code) or a world city (GeoNames). */
export interface GazetteerPlace {
  /** Chinese divisions: full path, e.g. 广东省深圳市南山区; world cities: GeoNames name. */
  name: string;
  /** WGS-84 degrees. */
  lat: number;
  lng: number;
  tz: string;
  kind: PlaceKind;
  /** ISO 3166-1 alpha-2 (CN, HK, MO, TW for Chinese divisions). */
  country: string;
  /** Six-digit division code for Chinese divisions, null for world cities. */
  code: string | null;
  /** Population used to break ties (a division inherits its prefecture's city population). */
  weight: number;
  /** A division code no longer in use (names in force at older birth dates). */
  historic: boolean;
  /** A GeoNames city in China, Hong Kong, Macau or Taiwan, kept for its alternate names. */
  duplicate: boolean;
}

/** A resolved place with how it was found. */
export interface PlaceMatch extends GeoLocation {
  kind: PlaceKind;
  country: string;
  code: string | null;
  /** The parts of the text that matched gazetteer names. */
  matched: string[];
}
