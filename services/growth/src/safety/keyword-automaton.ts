import AhoCorasick from 'modern-ahocorasick';

/**
 * Aho-Corasick over normalised text.
 *
 * modern-ahocorasick segments non-ASCII input into grapheme clusters with Intl.Segmenter, which
 * costs about a microsecond per character: too slow for scanning long messages against thousands
 * of rules. Normalised text holds letters and digits only, so every UTF-16 unit is its own
 * matching unit, and we feed the automaton a fixed-width ASCII spelling of each unit instead
 * (three characters from a 41-symbol alphabet, 41³ > 65,536). The library then takes its ASCII fast
 * path; hits that do not start on a unit boundary are discarded, and offsets are divided back.
 */

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDE';
const BASE = ALPHABET.length;
const UNIT_WIDTH = 3;
const BASE_SQUARED = BASE * BASE;

const alphabetCodes = Uint8Array.from(ALPHABET, (ch) => ch.charCodeAt(0));
const asciiDecoder = new TextDecoder('latin1');

function encodeUnits(text: string): string {
  const bytes = new Uint8Array(text.length * UNIT_WIDTH);
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const at = i * UNIT_WIDTH;
    bytes[at] = alphabetCodes[Math.floor(unit / BASE_SQUARED)] ?? 0;
    bytes[at + 1] = alphabetCodes[Math.floor(unit / BASE) % BASE] ?? 0;
    bytes[at + 2] = alphabetCodes[unit % BASE] ?? 0;
  }
  return asciiDecoder.decode(bytes);
}

export interface KeywordEntry<T> {
  /** Already normalised, non-empty. */
  readonly keyword: string;
  readonly data: T;
}

export interface KeywordHit<T> {
  /** Normalised offsets, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly data: T;
}

export interface KeywordAutomaton<T> {
  readonly size: number;
  readonly matcher: AhoCorasick<T> | null;
}

export function buildKeywordAutomaton<T>(entries: readonly KeywordEntry<T>[]): KeywordAutomaton<T> {
  const usable = entries.filter((entry) => entry.keyword.length > 0);
  if (usable.length === 0) return { size: 0, matcher: null };
  const matcher = new AhoCorasick<T>(
    usable.map((entry) => ({ pattern: encodeUnits(entry.keyword), data: entry.data })),
  );
  return { size: usable.length, matcher };
}

/** Every occurrence of every keyword, overlaps included, in the automaton's end-ascending order. */
export function findKeywords<T>(automaton: KeywordAutomaton<T>, normalizedText: string): KeywordHit<T>[] {
  if (automaton.matcher === null || normalizedText.length === 0) return [];
  const hits: KeywordHit<T>[] = [];
  for (const match of automaton.matcher.search(encodeUnits(normalizedText))) {
    if (match.start % UNIT_WIDTH !== 0 || match.data === undefined) continue;
    hits.push({ start: match.start / UNIT_WIDTH, end: match.end / UNIT_WIDTH, data: match.data });
  }
  return hits;
}
