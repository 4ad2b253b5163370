/** From a profile's birth data to a natal chart: the place is resolved offline, unknown places are assumed. */
import { computeNatalChart, type Chart, type GeoLocation } from '../../astrology/index.ts';

export interface BirthData {
  birthDate: string;
  birthTime: string | null;
  birthPlace: string | null;
}

/** Resolves a place name to coordinates and a zone; answers an `assumed` location when it does not know the name. */
export type PlaceResolver = (text: string) => GeoLocation;

/** Decisions: an unknown or missing birth place is computed at Beijing in Asia/Shanghai, and says so. */
export const ASSUMED_BIRTH_LOCATION: GeoLocation = {
  name: '北京',
  lat: 39.9042,
  lng: 116.4074,
  tz: 'Asia/Shanghai',
  assumed: true,
};

export function resolveBirthLocation(birthPlace: string | null, resolvePlace: PlaceResolver): GeoLocation {
  const text = birthPlace?.trim() ?? '';
  if (text === '') return ASSUMED_BIRTH_LOCATION;
  return resolvePlace(text);
}

export function castNatalChart(birth: BirthData, resolvePlace: PlaceResolver): Chart {
  return computeNatalChart({
    birthDate: birth.birthDate,
    birthTime: birth.birthTime,
    place: resolveBirthLocation(birth.birthPlace, resolvePlace),
  });
}
