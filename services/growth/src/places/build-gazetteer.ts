/**
 * Builds gazetteer-data.generated.json from the shared geography files. Run from the repository root:
 *   npx tsx services/growth/src/places/build-gazetteer.ts [path/to/shared/data/geo]
 * Sources, commits and licences: README.md beside this file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IANAZone } from 'luxon';
import * as OpenCC from 'opencc-js';
import { convertGcj02ToWgs84 } from './gcj02.ts';
import type { LatLng } from './gcj02.ts';
import {
  isHanToken,
  isUsableKey,
  stripChineseSuffix,
  stripEnglishSuffix,
  tokenizePlaceText,
} from './place-names.ts';
import type { CharMap } from './place-names.ts';
import {
  encodeCandidate,
  FORMAT_VERSION,
  KIND_CODES,
  PLACE_FLAG_DUPLICATE,
  PLACE_FLAG_HISTORIC,
  QUALITY_PRIMARY,
  QUALITY_SECONDARY,
  toGazetteerPlace,
} from './gazetteer-format.ts';
import type { GazetteerFile, PlaceKindCode, PlaceRow } from './gazetteer-format.ts';
import { compareCandidates } from './place-ranking.ts';
import type { RankedCandidate } from './place-ranking.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_GEO_DIR = path.resolve(HERE, '../../../../../shared/data/geo');
const OUTPUT = path.join(HERE, 'gazetteer-data.generated.json');

const FILES = {
  adcode: 'china-divisions-adcode-2016-gcj02.csv',
  areaCity: 'china-divisions-areacity-2023-level3.csv',
  namesEn: 'china-division-names-en.json',
  geonames: 'geonames-cities100000-2018.tsv',
} as const;

const MAINLAND_ZONE = 'Asia/Shanghai';
const ZONE_BY_REGION: Readonly<Record<string, string>> = {
  CN: MAINLAND_ZONE,
  HK: 'Asia/Hong_Kong',
  MO: 'Asia/Macau',
  TW: 'Asia/Taipei',
};
const REGION_BY_PROVINCE_PREFIX: Readonly<Record<string, string>> = { '71': 'TW', '81': 'HK', '82': 'MO' };
/**
 * Zone names GeoNames 2018 uses that tzdata (2022+) moved to its `backward` file; luxon accepts
 * both, the current name is stored.
 */
const LEGACY_ZONE_LINKS: Readonly<Record<string, string>> = {
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
};
/** Division names that stand for "the districts of", not a place. */
const GENERIC_DIVISION_NAMES = new Set(['市辖区', '县', '区', '市区', '国外']);
const GENERIC_DIVISION_MARKER = '直辖';
/** Radius for pairing a prefecture seat with a GeoNames city to borrow its population. */
const POPULATION_MATCH_KM = 30;
const EARTH_RADIUS_KM = 6371;
const COORDINATE_DECIMALS = 5;
const LATIN_ALTERNATES_MIN_POPULATION = 1_000_000;
const SHORT_LATIN_CODE = /^[A-Z]{2,4}$/;
const ASCII_NAME = /^[A-Za-z][A-Za-z .'-]+$/;
const ANY_LATIN = /[A-Za-z]/;
const HAN_CHAR = /\p{Script=Han}/u;

// ---------------------------------------------------------------------------------------------

function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...data] = rows.filter((r) => r.length > 1 || (r[0] ?? '') !== '');
  if (!header) return [];
  return data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** Build progress for the person running the script. */
function report(line: string): void {
  process.stdout.write(`${line}\n`);
}

function readText(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), 'utf8');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readEnglishNames(dir: string): Map<string, { zh: string; pinyin: string; en: string }> {
  const parsed: unknown = JSON.parse(readText(dir, FILES.namesEn));
  const codes = isRecord(parsed) ? parsed.codes : undefined;
  if (!isRecord(codes)) throw new Error(`${FILES.namesEn}: no "codes" object`);
  const out = new Map<string, { zh: string; pinyin: string; en: string }>();
  for (const [code, value] of Object.entries(codes)) {
    if (!Array.isArray(value)) continue;
    const [zh, pinyin, en] = value;
    if (typeof zh === 'string' && typeof pinyin === 'string' && typeof en === 'string') {
      out.set(code, { zh, pinyin, en });
    }
  }
  return out;
}

function distanceKm(a: LatLng, b: LatLng): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lng - a.lng) * r) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function roundCoordinate(x: number): number {
  const f = 10 ** COORDINATE_DECIMALS;
  return Math.round(x * f) / f;
}

function isGenericDivisionName(name: string): boolean {
  return GENERIC_DIVISION_NAMES.has(name) || name.includes(GENERIC_DIVISION_MARKER) || name === '';
}

function provincePrefix(code: string): string {
  return code.slice(0, 2);
}

function kindFromCode(code: string): PlaceKindCode {
  if (code.endsWith('0000')) return KIND_CODES.province;
  if (code.endsWith('00')) return KIND_CODES.prefecture;
  return KIND_CODES.county;
}

// ---------------------------------------------------------------------------------------------

interface GeonamesRow {
  id: string;
  name: string;
  asciiName: string;
  alternates: string[];
  lat: number;
  lng: number;
  country: string;
  population: number;
  zone: string;
}

function readGeonames(dir: string): GeonamesRow[] {
  const rows: GeonamesRow[] = [];
  for (const line of readText(dir, FILES.geonames).split('\n')) {
    if (!line.trim()) continue;
    const f = line.split('\t');
    rows.push({
      id: f[0] ?? '',
      name: f[1] ?? '',
      asciiName: f[2] ?? '',
      alternates: (f[3] ?? '').split(',').filter(Boolean),
      lat: Number(f[4]),
      lng: Number(f[5]),
      country: f[8] ?? '',
      population: Number(f[14] ?? 0),
      zone: f[17] ?? '',
    });
  }
  return rows;
}

interface Division {
  code: string;
  kind: PlaceKindCode;
  currentName: string;
  fullNames: Set<string>;
  shortNames: Set<string>;
  pinyins: Set<string>;
  englishNames: Set<string>;
  coords: LatLng | null;
  coordSource: CoordinateSource | null;
  historic: boolean;
}

type CoordinateSource = 'own-2016' | 'same-name-2016' | 'geonames' | 'parent-prefecture' | 'province';

function createDivision(code: string, name: string, kind: PlaceKindCode, historic: boolean): Division {
  return {
    code,
    kind,
    currentName: name,
    fullNames: new Set([name]),
    shortNames: new Set(),
    pinyins: new Set(),
    englishNames: new Set(),
    coords: null,
    coordSource: null,
    historic,
  };
}

/** Pinyin of the name without its generic suffix, when syllables and characters line up. */
function stripPinyin(name: string, pinyin: string): string | null {
  const syllables = pinyin.trim().split(/\s+/);
  const stripped = stripChineseSuffix(name);
  if (!stripped || syllables.length !== [...name].length) return null;
  return syllables.slice(0, [...stripped].length).join(' ');
}

function buildDivisions(
  dir: string,
  geonames: readonly GeonamesRow[],
  t2s: (s: string) => string,
): Division[] {
  const adcodeRows = parseCsv(readText(dir, FILES.adcode));
  const areaRows = parseCsv(readText(dir, FILES.areaCity));
  const english = readEnglishNames(dir);
  const divisions = new Map<string, Division>();

  // 2023 names and hierarchy (AreaCity): the current list.
  for (const r of areaRows) {
    const code = (r.ext_id ?? '').slice(0, 6);
    const name = r.ext_name ?? '';
    if (code.length !== 6 || isGenericDivisionName(name)) continue;
    const kind = ([KIND_CODES.province, KIND_CODES.prefecture, KIND_CODES.county] as const)[Number(r.deep)];
    if (!kind) continue;
    // Places without subdivisions (香港, 东莞, 仙桃) repeat at lower levels: keep the highest.
    const d = divisions.get(code) ?? createDivision(code, name, kind, false);
    if (kind < d.kind) d.kind = kind;
    if (r.name) d.shortNames.add(r.name);
    if (r.pinyin) d.pinyins.add(r.pinyin);
    const strippedPinyin = r.name && r.pinyin ? stripPinyin(r.name, r.pinyin) : null;
    if (strippedPinyin) d.pinyins.add(strippedPinyin);
    divisions.set(code, d);
  }

  // 2016 list (Vonng/adcode): coordinates, and the names in force then.
  const coords2016 = new Map<string, LatLng>();
  const byShortName2016 = new Map<string, string[]>();
  for (const r of adcodeRows) {
    const code = r.adcode ?? '';
    const name = r.name ?? '';
    if (r.level === 'country' || r.virtual === 't' || isGenericDivisionName(name)) continue;
    const lng = Number(r.longitude_gcj02);
    const lat = Number(r.latitude_gcj02);
    if (r.longitude_gcj02 && r.latitude_gcj02 && Number.isFinite(lat) && Number.isFinite(lng)) {
      coords2016.set(code, convertGcj02ToWgs84({ lat, lng }));
      const short = stripChineseSuffix(name) ?? name;
      const key = `${provincePrefix(code)}:${short}`;
      byShortName2016.set(key, [...(byShortName2016.get(key) ?? []), code]);
    }
    const existing = divisions.get(code);
    if (existing) {
      existing.fullNames.add(name);
    } else {
      divisions.set(code, createDivision(code, name, kindFromCode(code), true));
    }
  }
  // English names and older codes (cnid-validator).
  const currentByProvinceName = new Map<string, Division>();
  for (const d of divisions.values()) {
    for (const n of d.fullNames) currentByProvinceName.set(`${provincePrefix(d.code)}:${n}`, d);
  }
  for (const [code, names] of english) {
    if (isGenericDivisionName(names.zh)) continue;
    let d = divisions.get(code);
    if (!d) {
      // An old code for a name that still exists in the same province: an alias, not a place.
      d = currentByProvinceName.get(`${provincePrefix(code)}:${names.zh}`);
    }
    if (!d) {
      d = createDivision(code, names.zh, kindFromCode(code), true);
      divisions.set(code, d);
      currentByProvinceName.set(`${provincePrefix(code)}:${names.zh}`, d);
    }
    d.fullNames.add(names.zh);
    if (names.en) d.englishNames.add(names.en);
    const pinyin = stripPinyin(names.zh, names.pinyin);
    if (pinyin) d.pinyins.add(pinyin);
  }

  // Coordinates: own 2016 point; else a 2016 division of the same short name in the same
  // prefecture, then province (renamed 县→区/市 keep their seat); else Taiwan/HK/Macau cities
  // from GeoNames by Chinese name; else the parent prefecture's or province's point.
  // Taiwan, Hong Kong and Macau divisions have no 2016 point below the province: look their
  // names (Chinese, with and without suffix, or pinyin) up among GeoNames cities there.
  const geonamesByName = new Map<string, GeonamesRow>();
  const nameKey = (text: string): string => tokenizePlaceText(text, new Map()).join('');
  for (const g of geonames) {
    if (!['TW', 'HK', 'MO'].includes(g.country)) continue;
    const names = [g.name, g.asciiName, ...g.alternates.filter((a) => !isMixedScript(a))].map(t2s);
    for (const n of names) {
      for (const variant of [n, stripChineseSuffix(n), stripEnglishSuffix(n)]) {
        if (variant && !geonamesByName.has(nameKey(variant))) geonamesByName.set(nameKey(variant), g);
      }
    }
  }
  const resolveOwn = (d: Division): [LatLng, CoordinateSource] | null => {
    const own = coords2016.get(d.code);
    if (own) return [own, 'own-2016'];
    for (const name of d.fullNames) {
      const short = stripChineseSuffix(name) ?? name;
      const candidates = byShortName2016.get(`${provincePrefix(d.code)}:${short}`) ?? [];
      const sameKind = candidates.filter((c) => kindFromCode(c) === d.kind || d.kind === KIND_CODES.county);
      const samePrefecture = sameKind.find((c) => c.slice(0, 4) === d.code.slice(0, 4));
      const pick = samePrefecture ?? (sameKind.length === 1 ? sameKind[0] : undefined);
      const point = pick ? coords2016.get(pick) : undefined;
      if (point) return [point, 'same-name-2016'];
    }
    if (REGION_BY_PROVINCE_PREFIX[provincePrefix(d.code)] && d.kind !== KIND_CODES.province) {
      const names = [...d.fullNames, ...d.shortNames, ...d.pinyins];
      for (const name of [...names, ...names.map((n) => stripChineseSuffix(n) ?? '')]) {
        const g = name ? geonamesByName.get(nameKey(name)) : undefined;
        if (g) return [{ lat: g.lat, lng: g.lng }, 'geonames'];
      }
    }
    return null;
  };
  for (const d of divisions.values()) {
    const found = resolveOwn(d);
    if (found) [d.coords, d.coordSource] = found;
  }
  for (const d of divisions.values()) {
    if (d.coords) continue;
    const parents: [string, CoordinateSource][] = [
      [`${d.code.slice(0, 4)}00`, 'parent-prefecture'],
      [`${d.code.slice(0, 2)}0000`, 'province'],
    ];
    for (const [p, source] of parents) {
      const point = divisions.get(p)?.coords ?? coords2016.get(p);
      if (point) {
        d.coords = point;
        d.coordSource = source;
        break;
      }
    }
  }
  const sources = new Map<string, number>();
  for (const d of divisions.values()) {
    const key = `${d.historic ? 'historic' : 'current'} ${d.coordSource ?? 'none'}`;
    sources.set(key, (sources.get(key) ?? 0) + 1);
  }
  report(`division coordinates by source: ${JSON.stringify(Object.fromEntries([...sources].sort()))}`);
  const provinceFallbacks = [...divisions.values()]
    .filter((d) => !d.historic && d.coordSource === 'province' && d.kind !== KIND_CODES.province)
    .map((d) => `${d.code} ${d.currentName}`);
  report(`current divisions placed at their province seat: ${provinceFallbacks.join(', ')}`);
  return [...divisions.values()].filter((d) => d.coords !== null);
}

// ---------------------------------------------------------------------------------------------

function regionOfDivision(code: string): string {
  return REGION_BY_PROVINCE_PREFIX[provincePrefix(code)] ?? 'CN';
}

/** 广东省深圳市南山区: province, prefecture (unless generic or a municipality echo), county. */
function buildDivisionPath(d: Division, byCode: ReadonlyMap<string, Division>): string {
  const province = byCode.get(`${provincePrefix(d.code)}0000`);
  const prefecture = byCode.get(`${d.code.slice(0, 4)}00`);
  const parts: string[] = [];
  if (province && province.code !== d.code) parts.push(province.currentName);
  if (
    d.kind === KIND_CODES.county &&
    prefecture &&
    prefecture.code !== d.code &&
    prefecture.currentName !== province?.currentName
  ) {
    parts.push(prefecture.currentName);
  }
  if (d.currentName !== parts[parts.length - 1]) parts.push(d.currentName);
  return parts.join('');
}

function buildCharMap(simplifiedChars: ReadonlySet<string>): Map<string, string> {
  const toVariants = (['tw', 'hk', 'jp', 't'] as const).map((to) => OpenCC.Converter({ from: 'cn', to }));
  const map = new Map<string, string>();
  for (const s of simplifiedChars) {
    for (const convert of toVariants) {
      const t = convert(s);
      // A "traditional" form that is itself used in simplified names (乾县, 於潜) stays as is.
      if (t !== s && [...t].length === 1 && !simplifiedChars.has(t)) map.set(t, s);
    }
  }
  return map;
}

function collectKeys(texts: Iterable<string>, charMap: CharMap): Set<string> {
  const keys = new Set<string>();
  for (const text of texts) {
    const key = tokenizePlaceText(text, charMap).join('');
    if (isUsableKey(key)) keys.add(key);
  }
  return keys;
}

function isMixedScript(text: string): boolean {
  return HAN_CHAR.test(text) && ANY_LATIN.test(text);
}

function canonicalZone(zone: string, country: string): string {
  const regional = ZONE_BY_REGION[country];
  const name = regional ?? LEGACY_ZONE_LINKS[zone] ?? zone;
  if (!IANAZone.isValidZone(name)) throw new Error(`unknown time zone ${name}`);
  return name;
}

function main(): void {
  const geoDir = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_GEO_DIR;
  const t2sTw = OpenCC.Converter({ from: 'tw', to: 'cn' });
  const t2sJp = OpenCC.Converter({ from: 'jp', to: 'cn' });
  const t2s = (s: string): string => t2sJp(t2sTw(s));
  const geonames = readGeonames(geoDir);
  const divisions = buildDivisions(geoDir, geonames, t2s);
  const byCode = new Map(divisions.map((d) => [d.code, d]));

  // Simplified characters of every Chinese name, the domain of the traditional→simplified map.
  const hanNamesOfGeonames = new Map<string, string[]>();
  const simplifiedChars = new Set<string>();
  for (const d of divisions) {
    for (const n of [...d.fullNames, ...d.shortNames]) for (const ch of n) simplifiedChars.add(ch);
  }
  for (const g of geonames) {
    const han = g.alternates.filter((a) => HAN_CHAR.test(a) && !isMixedScript(a)).map(t2s);
    // 罗马市 is also written 罗马.
    for (const name of [...han]) {
      const stripped = stripChineseSuffix(name);
      if (stripped) han.push(stripped);
    }
    hanNamesOfGeonames.set(g.id, han);
    for (const n of han) for (const ch of n) if (HAN_CHAR.test(ch)) simplifiedChars.add(ch);
  }
  const charMap = buildCharMap(simplifiedChars);

  const zones: string[] = [];
  const zoneIndex = (zone: string): number => {
    let i = zones.indexOf(zone);
    if (i < 0) i = zones.push(zone) - 1;
    return i;
  };

  // Prefectures borrow the population of the GeoNames city at their seat, for tie-breaks
  // between equal names (苏州 Jiangsu over 宿州 Anhui for "Suzhou"); divisions below inherit it.
  const chineseCities = geonames.filter((g) => ZONE_BY_REGION[g.country] !== undefined);
  const weightOf = (p: LatLng): number => {
    let best = 0;
    let bestKm = POPULATION_MATCH_KM;
    for (const g of chineseCities) {
      const km = distanceKm(p, g);
      if (km < bestKm) {
        bestKm = km;
        best = g.population;
      }
    }
    return best;
  };
  const prefectureWeights = new Map<string, number>();
  for (const d of divisions) {
    if (d.kind === KIND_CODES.prefecture && d.coords) prefectureWeights.set(d.code, weightOf(d.coords));
  }

  const rows: PlaceRow[] = [];
  const rowKeys: { primary: Set<string>; secondary: string[] }[] = [];
  for (const d of divisions) {
    if (!d.coords) continue;
    const region = regionOfDivision(d.code);
    const pathName = buildDivisionPath(d, byCode);
    const primaryTexts = [...d.fullNames, pathName, ...d.englishNames];
    const secondaryTexts = [
      ...d.shortNames,
      ...[...d.fullNames].map((n) => stripChineseSuffix(n) ?? ''),
      ...d.pinyins,
      ...[...d.englishNames].map((n) => stripEnglishSuffix(n) ?? ''),
    ];
    const primary = collectKeys(primaryTexts, charMap);
    const secondary = [...collectKeys(secondaryTexts, charMap)].filter((k) => !primary.has(k));
    const weight =
      d.kind === KIND_CODES.province ? 0 : (prefectureWeights.get(`${d.code.slice(0, 4)}00`) ?? 0);
    rows.push([
      pathName,
      roundCoordinate(d.coords.lat),
      roundCoordinate(d.coords.lng),
      zoneIndex(canonicalZone('', region)),
      d.kind,
      region,
      d.code,
      weight,
      d.historic ? PLACE_FLAG_HISTORIC : 0,
    ]);
    rowKeys.push({ primary, secondary });
  }

  // A GeoNames city in China that is a division already (same name within 30 km) lends that
  // division its alternate names (Peking, Canton, 襄樊...) instead of becoming a second place.
  const divisionRows = rows.map((r, i) => ({ row: r, keys: rowKeys[i] }));
  // Its own name decides first (Xiangyang → 襄阳市, not 樊城区 whose old name it also lists);
  // its Chinese names only when that fails (Macau → 澳门特别行政区, English "Macao").
  const findDivisionTwin = (g: GeonamesRow) => {
    const ownNames = collectKeys(
      [g.name, g.asciiName, stripEnglishSuffix(g.name) ?? '', stripEnglishSuffix(g.asciiName) ?? ''],
      charMap,
    );
    const chineseNames = collectKeys(hanNamesOfGeonames.get(g.id) ?? [], charMap);
    for (const keys of [ownNames, chineseNames]) {
      let best: { keys: { primary: Set<string>; secondary: string[] }; km: number } | null = null;
      for (const { row, keys: dk } of divisionRows) {
        if (!dk) continue;
        const km = distanceKm(g, { lat: row[1], lng: row[2] });
        if (km >= POPULATION_MATCH_KM || (best && km >= best.km)) continue;
        if ([...keys].some((k) => dk.primary.has(k) || dk.secondary.includes(k))) best = { keys: dk, km };
      }
      if (best) return best.keys;
    }
    return null;
  };

  for (const g of geonames) {
    // Mainland cities are all divisions already; Hong Kong, Macau and Taiwan have few division
    // rows, so their GeoNames cities (九龙 Kowloon, 荃湾 Tsuen Wan) count as places of their own.
    const duplicate = g.country === 'CN';
    // Latin alternates are mostly other languages' spellings; only the large cities keep them
    // (for exonyms such as Peking, Canton, Bombay, Saigon), which keeps the index small.
    const latinAlternates =
      g.population >= LATIN_ALTERNATES_MIN_POPULATION
        ? g.alternates.filter((a) => ASCII_NAME.test(a) && !SHORT_LATIN_CODE.test(a))
        : [];
    const primaryTexts = duplicate ? [] : [g.name, g.asciiName];
    const secondaryTexts = [
      ...(duplicate ? [g.name, g.asciiName] : []),
      ...[g.name, g.asciiName].map((n) => stripEnglishSuffix(n) ?? ''),
      ...latinAlternates,
      ...(hanNamesOfGeonames.get(g.id) ?? []),
    ];
    const primary = collectKeys(primaryTexts, charMap);
    const secondary = [...collectKeys(secondaryTexts, charMap)].filter((k) => !primary.has(k));
    if (ZONE_BY_REGION[g.country] !== undefined) {
      const twin = findDivisionTwin(g);
      if (twin) {
        const known = new Set([...twin.primary, ...twin.secondary]);
        twin.secondary.push(...[...primary, ...secondary].filter((k) => !known.has(k)));
        continue;
      }
    }
    rows.push([
      g.name,
      roundCoordinate(g.lat),
      roundCoordinate(g.lng),
      zoneIndex(canonicalZone(g.zone, g.country)),
      KIND_CODES.city,
      g.country,
      '',
      g.population,
      duplicate ? PLACE_FLAG_DUPLICATE : 0,
    ]);
    rowKeys.push({ primary, secondary });
  }

  // Index: key → candidates, best reading first.
  const places = rows.map((r) => toGazetteerPlace(r, zones, MAINLAND_ZONE));
  const candidatesByKey = new Map<string, RankedCandidate[]>();
  rowKeys.forEach(({ primary, secondary }, order) => {
    const place = places[order];
    if (!place) return;
    const add = (key: string, quality: number): void => {
      const list = candidatesByKey.get(key) ?? [];
      list.push({ place, quality, order });
      candidatesByKey.set(key, list);
    };
    for (const key of primary) add(key, QUALITY_PRIMARY);
    for (const key of secondary) add(key, QUALITY_SECONDARY);
  });
  const index: Record<string, number[]> = {};
  for (const [key, list] of [...candidatesByKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    index[key] = list.sort(compareCandidates).map((c) => encodeCandidate(c.order, c.quality));
  }

  const file: GazetteerFile = {
    format: FORMAT_VERSION,
    generatedBy: 'services/growth/src/places/build-gazetteer.ts (see README.md for sources)',
    zones,
    charMap: [...charMap].map(([t, s]) => t + s).join(''),
    places: rows,
    index,
  };
  const body = [
    '{',
    `"format": ${JSON.stringify(file.format)},`,
    `"generatedBy": ${JSON.stringify(file.generatedBy)},`,
    `"zones": ${JSON.stringify(file.zones)},`,
    `"charMap": ${JSON.stringify(file.charMap)},`,
    '"places": [',
    rows.map((r) => JSON.stringify(r)).join(',\n'),
    '],',
    '"index": {',
    Object.entries(index)
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
      .join(',\n'),
    '}',
    '}',
    '',
  ].join('\n');
  writeFileSync(OUTPUT, body);
  const han = rows.filter((r) => r[6] !== '').length;
  report(
    `wrote ${OUTPUT}: ${rows.length} places (${han} Chinese divisions), ${zones.length} zones, ` +
      `${Object.keys(index).length} keys, ${charMap.size} character variants, ` +
      `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`,
  );
  if (!isHanToken('中')) throw new Error('tokenizer sanity check failed');
}

main();
