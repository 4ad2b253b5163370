/**
 * Normalisation of free-text place names into lookup keys, shared by the gazetteer build and
 * lookups so both sides agree exactly.
 *
 * A text becomes a list of tokens: each Han character is one token (after mapping traditional
 * and Japanese forms to simplified ones), each run of Latin letters/digits is one token
 * (lowercase, diacritics removed, apostrophes dropped so "Xi'an" = "xian"). Everything else
 * (spaces, punctuation, other scripts) separates tokens. A key is its tokens joined.
 */

const HAN = /\p{Script=Han}/u;
const LATIN_OR_DIGIT = /[a-z0-9]/;
const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /['’‘`ʼ]/g;

export type CharMap = ReadonlyMap<string, string>;

export function tokenizePlaceText(text: string, charMap: CharMap): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(APOSTROPHES, '')
    .toLowerCase()
    .normalize('NFC');
  const tokens: string[] = [];
  let word = '';
  for (const ch of folded) {
    if (LATIN_OR_DIGIT.test(ch)) {
      word += ch;
      continue;
    }
    if (word) {
      tokens.push(word);
      word = '';
    }
    if (HAN.test(ch)) tokens.push(charMap.get(ch) ?? ch);
  }
  if (word) tokens.push(word);
  return tokens;
}

export function toPlaceKey(text: string, charMap: CharMap): string {
  return tokenizePlaceText(text, charMap).join('');
}

export function isHanToken(token: string): boolean {
  return HAN.test(token);
}

/** Generic Chinese division suffixes, longest first. */
export const CHINESE_DIVISION_SUFFIXES: readonly string[] = [
  '特别行政区',
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '自治区',
  '自治州',
  '自治县',
  '自治旗',
  '地区',
  '林区',
  '特区',
  '新区',
  '省',
  '市',
  '区',
  '县',
  '盟',
  '旗',
];

/** Generic English division words dropped from the end of a name ("Harbin City" → "harbin"). */
export const ENGLISH_DIVISION_SUFFIXES: readonly string[] = [
  'special administrative region',
  'autonomous prefecture',
  'autonomous region',
  'autonomous county',
  'autonomous banner',
  'municipality',
  'prefecture',
  'province',
  'district',
  'county',
  'region',
  'league',
  'banner',
  'city',
  'area',
  'shi',
];

const MIN_HAN_KEY_LENGTH = 2;
const MIN_LATIN_KEY_LENGTH = 3;

/** Chinese name without its generic suffix, if at least two characters remain. */
export function stripChineseSuffix(name: string): string | null {
  for (const suffix of CHINESE_DIVISION_SUFFIXES) {
    if (name.endsWith(suffix) && name.length - suffix.length >= MIN_HAN_KEY_LENGTH) {
      return name.slice(0, name.length - suffix.length);
    }
  }
  return null;
}

/** English name without trailing generic words, or null when nothing was stripped. */
export function stripEnglishSuffix(name: string): string | null {
  let current = name.trim().toLowerCase();
  let stripped = false;
  for (let changed = true; changed;) {
    changed = false;
    for (const suffix of ENGLISH_DIVISION_SUFFIXES) {
      if (current.endsWith(` ${suffix}`)) {
        current = current.slice(0, current.length - suffix.length - 1).trim();
        stripped = true;
        changed = true;
      }
    }
  }
  return stripped && current.length >= MIN_LATIN_KEY_LENGTH ? current : null;
}

/** Whether a key is long enough to be matched on its own. */
export function isUsableKey(key: string): boolean {
  if (key.length === 0) return false;
  const first = key[0] ?? '';
  return HAN.test(first) ? key.length >= MIN_HAN_KEY_LENGTH : key.length >= MIN_LATIN_KEY_LENGTH;
}
