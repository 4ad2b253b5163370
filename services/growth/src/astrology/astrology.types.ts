/** Public types of the pure astrology engine (tropical zodiac, geocentric apparent positions). */

export type BodyKey =
  | 'sun'
  | 'moon'
  | 'mercury'
  | 'venus'
  | 'mars'
  | 'jupiter'
  | 'saturn'
  | 'uranus'
  | 'neptune'
  | 'pluto'
  | 'north_node';

export type SignKey =
  | 'aries'
  | 'taurus'
  | 'gemini'
  | 'cancer'
  | 'leo'
  | 'virgo'
  | 'libra'
  | 'scorpio'
  | 'sagittarius'
  | 'capricorn'
  | 'aquarius'
  | 'pisces';

export type AspectType = 'conjunction' | 'opposition' | 'trine' | 'square' | 'sextile';

export type AngleKey = 'ascendant' | 'midheaven';

export type ChartPointKey = BodyKey | AngleKey;

export type HouseSystem = 'placidus' | 'porphyry';

export type ChartNote =
  | 'time_unknown'
  | 'dst_ambiguous'
  | 'dst_gap'
  | 'place_assumed'
  | 'porphyry_polar'
  | 'composite'
  | 'progressed'
  | (string & {});

export interface GeoLocation {
  name: string;
  lat: number;
  lng: number;
  tz: string;
  assumed: boolean;
}

export interface BodyPosition {
  key: BodyKey;
  /** Degrees in [0, 360), apparent geocentric tropical ecliptic longitude of date. */
  longitude: number;
  latitude: number;
  /** Degrees per day; negative when retrograde. */
  speed: number;
  retrograde: boolean;
  sign: SignKey;
  /** Degrees into the sign, [0, 30). */
  signDegree: number;
  /** 1..12, or null when the chart has no houses. */
  house: number | null;
}

export interface Chart {
  instantUtc: Date;
  location: GeoLocation;
  timeKnown: boolean;
  bodies: BodyPosition[];
  ascendant: number | null;
  midheaven: number | null;
  /** 12 cusps, house 1 first. */
  houses: number[] | null;
  houseSystem: HouseSystem | null;
  /** e.g. 'time_unknown', 'dst_ambiguous', 'dst_gap', 'place_assumed', 'porphyry_polar'. */
  notes: string[];
}

export interface Aspect {
  a: ChartPointKey;
  b: ChartPointKey;
  type: AspectType;
  /** Absolute distance from exactness, degrees. */
  orb: number;
  /** True when the aspect is getting tighter (only when speeds are known). */
  applying?: boolean;
}

export interface BirthInput {
  birthDate: string /* YYYY-MM-DD */;
  birthTime: string | null /* HH:mm or HH:mm:ss local wall time */;
  place: GeoLocation;
}
