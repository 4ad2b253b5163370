/**
 * Offline resolution of a free-text birth place (Chinese or English) to coordinates and an
 * IANA zone. The data (gazetteer-data.generated.json, built by build-gazetteer.ts) is loaded lazily, once.
 *
 * Matching: the text is normalised into tokens (place-names.ts) and segmented left to right by
 * the longest known name, so "广东省深圳市南山区", "北京 朝阳" and "Nanshan District, Shenzhen"
 * all split into names. Country and filler words are skipped (a country word narrows the match).
 * Among the candidates of all segments, the one whose parent divisions appear elsewhere in the
 * text wins, the deepest such one first (朝阳 after 北京 is 北京市朝阳区, not 朝阳市 in
 * Liaoning); otherwise full names beat short forms, then provinces > prefectures > large world
 * cities > counties > smaller cities, current names beat historic ones, and population breaks
 * ties. At least half of the text must be recognised, or the place counts as unknown.
 */
import { readFileSync } from 'node:fs';
import type { GeoLocation } from '../astrology/astrology.types.ts';
import { decodeCandidate, FORMAT_VERSION, KIND_BY_CODE, toGazetteerPlace } from './gazetteer-format.ts';
import type { GazetteerFile, PlaceRow } from './gazetteer-format.ts';
import {
  COUNTRY_COVERS,
  COUNTRY_WORDS,
  FILLER_WORDS,
  MAX_CONTEXT_WORD_TOKENS,
} from './place-context-words.ts';
import { isUsableKey, tokenizePlaceText } from './place-names.ts';
import { compareCandidates } from './place-ranking.ts';
import type { RankedCandidate } from './place-ranking.ts';
import type { GazetteerPlace, PlaceKind, PlaceMatch } from './places.types.ts';

const DATA_URL = new URL('./gazetteer-data.generated.json', import.meta.url);

/** The contract's fallback for an unknown or missing place. */
export const DEFAULT_PLACE: Readonly<GeoLocation> = Object.freeze({
  name: '北京',
  lat: 39.9042,
  lng: 116.4074,
  tz: 'Asia/Shanghai',
  assumed: true,
});

const MAX_NAME_TOKENS = 24;
const MIN_RECOGNISED_SHARE = 0.5;
const PLACE_ROW_LENGTH = 9;

/** Division depth, for "most specific" among supported candidates. */
const DEPTH: Readonly<Record<PlaceKind, number>> = { province: 1, prefecture: 2, county: 3, city: 2 };
/** Division code prefix length that a child's code shares. */
const CODE_PREFIX_LENGTH: Partial<Record<PlaceKind, number>> = { province: 2, prefecture: 4 };

interface Gazetteer {
  places: GazetteerPlace[];
  /** Candidate lists as stored (best first), decoded on use. */
  index: Readonly<Record<string, unknown>>;
  charMap: Map<string, string>;
}

let loaded: Gazetteer | null = null;

function isPlaceRow(row: unknown): row is PlaceRow {
  return (
    Array.isArray(row) &&
    row.length === PLACE_ROW_LENGTH &&
    typeof row[0] === 'string' &&
    typeof row[1] === 'number' &&
    typeof row[2] === 'number' &&
    typeof row[3] === 'number' &&
    typeof row[4] === 'number' &&
    KIND_BY_CODE[row[4]] !== undefined &&
    typeof row[5] === 'string' &&
    typeof row[6] === 'string' &&
    typeof row[7] === 'number' &&
    typeof row[8] === 'number'
  );
}

function isGazetteerFile(value: unknown): value is GazetteerFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.format === FORMAT_VERSION &&
    Array.isArray(v.zones) &&
    v.zones.every((z) => typeof z === 'string') &&
    typeof v.charMap === 'string' &&
    Array.isArray(v.places) &&
    v.places.every(isPlaceRow) &&
    typeof v.index === 'object' &&
    v.index !== null
  );
}

/** Loads the gazetteer on first use (one JSON parse; the index is stored ready to use). */
export function loadGazetteer(): Gazetteer {
  if (!loaded) {
    const parsed: unknown = JSON.parse(readFileSync(DATA_URL, 'utf8'));
    if (!isGazetteerFile(parsed)) throw new Error('gazetteer-data.generated.json has an unexpected shape');
    const charMap = new Map<string, string>();
    const pairs = [...parsed.charMap];
    for (let i = 0; i + 1 < pairs.length; i += 2) charMap.set(pairs[i] ?? '', pairs[i + 1] ?? '');
    loaded = {
      places: parsed.places.map((row) => toGazetteerPlace(row, parsed.zones, DEFAULT_PLACE.tz)),
      index: parsed.index,
      charMap,
    };
  }
  return loaded;
}

function findCandidates(g: Gazetteer, key: string): RankedCandidate[] | null {
  if (!Object.hasOwn(g.index, key)) return null;
  const stored = g.index[key];
  if (!Array.isArray(stored)) return null;
  const candidates: RankedCandidate[] = [];
  for (const code of stored) {
    if (typeof code !== 'number') continue;
    const { placeIndex, quality } = decodeCandidate(code);
    const place = g.places[placeIndex];
    if (place) candidates.push({ place, quality, order: placeIndex });
  }
  return candidates.length > 0 ? candidates : null;
}

interface NameSegment {
  text: string;
  candidates: RankedCandidate[];
}

interface ParsedText {
  names: NameSegment[];
  countries: string[];
  recognisedShare: number;
}

function parseText(text: string, g: Gazetteer): ParsedText {
  const tokens = tokenizePlaceText(text, g.charMap);
  const names: NameSegment[] = [];
  const countries: string[] = [];
  let recognised = 0;
  let total = 0;
  for (const t of tokens) total += t.length;

  const join = (from: number, to: number): string => tokens.slice(from, to).join('');
  let i = 0;
  while (i < tokens.length) {
    let next = -1;
    for (let j = Math.min(tokens.length, i + MAX_NAME_TOKENS); j > i; j--) {
      const key = join(i, j);
      const candidates = isUsableKey(key) ? findCandidates(g, key) : null;
      if (candidates) {
        names.push({ text: key, candidates });
        recognised += key.length;
        next = j;
        break;
      }
    }
    if (next < 0) {
      for (let j = Math.min(tokens.length, i + MAX_CONTEXT_WORD_TOKENS); j > i; j--) {
        const word = join(i, j);
        const country = COUNTRY_WORDS.get(word);
        if (country || FILLER_WORDS.has(word)) {
          if (country) countries.push(country);
          recognised += word.length;
          next = j;
          break;
        }
      }
    }
    i = next < 0 ? i + 1 : next;
  }
  return { names, countries, recognisedShare: total === 0 ? 0 : recognised / total };
}

function isAncestor(parent: GazetteerPlace, child: GazetteerPlace): boolean {
  const length = CODE_PREFIX_LENGTH[parent.kind];
  if (!length || !parent.code || !child.code || parent.code === child.code) return false;
  return DEPTH[parent.kind] < DEPTH[child.kind] && child.code.startsWith(parent.code.slice(0, length));
}

function countSupport(candidate: RankedCandidate, own: number, parsed: ParsedText): number {
  let support = 0;
  parsed.names.forEach((segment, k) => {
    if (k !== own && segment.candidates.some((c) => isAncestor(c.place, candidate.place))) support++;
  });
  for (const country of parsed.countries) {
    const covered = COUNTRY_COVERS[country] ?? [country];
    if (covered.includes(candidate.place.country)) support++;
  }
  return support;
}

function choosePlace(parsed: ParsedText): { place: GazetteerPlace; matched: string[] } | null {
  let best: RankedCandidate | null = null;
  let bestSupport = 0;
  const depth = (c: RankedCandidate, support: number): number => (support > 0 ? DEPTH[c.place.kind] : 0);
  for (const [k, segment] of parsed.names.entries()) {
    for (const candidate of segment.candidates) {
      const support = countSupport(candidate, k, parsed);
      const gain =
        best === null
          ? 1
          : support - bestSupport ||
            depth(candidate, support) - depth(best, bestSupport) ||
            -compareCandidates(candidate, best);
      if (gain > 0) {
        best = candidate;
        bestSupport = support;
      }
    }
  }
  if (!best) return null;
  return { place: best.place, matched: parsed.names.map((n) => n.text) };
}

/** The best gazetteer match for the text, or null when the place is not recognised. */
export function lookupPlace(text: string | null | undefined): PlaceMatch | null {
  if (!text || !text.trim()) return null;
  const g = loadGazetteer();
  const parsed = parseText(text, g);
  if (parsed.recognisedShare < MIN_RECOGNISED_SHARE) return null;
  const chosen = choosePlace(parsed);
  if (!chosen) return null;
  const { place } = chosen;
  return {
    name: place.name,
    lat: place.lat,
    lng: place.lng,
    tz: place.tz,
    assumed: false,
    kind: place.kind,
    country: place.country,
    code: place.code,
    matched: chosen.matched,
  };
}

/**
 * Resolves a birth place to a location. Unknown or missing places give Beijing and
 * Asia/Shanghai with `assumed: true`.
 */
export function resolvePlace(text: string | null): GeoLocation {
  const match = lookupPlace(text);
  if (!match) return { ...DEFAULT_PLACE };
  return { name: match.name, lat: match.lat, lng: match.lng, tz: match.tz, assumed: false };
}

export function isKnownPlace(text: string | null): boolean {
  return lookupPlace(text) !== null;
}
