import { Converter } from 'opencc-js/t2cn';

/**
 * Matching-oriented text normalisation.
 *
 * Every code point of the input is folded on its own (NFKC, lower case, traditional→simplified) and
 * anything that is not a letter or a digit is removed, so evasions such as 自*杀, 自 杀, 自😀杀 or
 * 自\u200b杀 all become 自杀. Folding is per code point on purpose: it keeps an exact map from
 * every normalised UTF-16 unit back to the original range, which masking needs, and it makes the
 * result independent of the surrounding text.
 */
export interface NormalizedText {
  readonly original: string;
  /** Folded text containing letters and digits only. */
  readonly text: string;
  /** Original UTF-16 start offset of the code point that produced each normalised unit. */
  readonly originalStart: Int32Array;
  /** Original UTF-16 end offset (exclusive) of the code point that produced each normalised unit. */
  readonly originalEnd: Int32Array;
  /**
   * Normalised offsets where punctuation or white space was removed: clause boundaries for
   * analyses that need them (crisis scope), ascending and unique.
   */
  readonly breaks: readonly number[];
}

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

const CLASS_UNKNOWN = 0;
const CLASS_KEEP = 1;
const CLASS_DROP = 2;
const CLASS_BREAK = 3;
const CLASS_MAP = 4;

const BMP_SIZE = 0x10000;
const MIN_SUPPLEMENTARY = 0x10000;
const INITIAL_MAP_CAPACITY = 64;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CLAUSE_SEPARATOR = /[\p{P}\p{Z}\s]/u;

/** Built once: opencc's converter is expensive to construct and pure afterwards. */
const toSimplified = Converter({ from: 't', to: 'cn' });

/** Lazily filled per-code-point classification; results never depend on context or call order. */
const bmpClass = new Uint8Array(BMP_SIZE);
const mappedText = new Map<number, string>();
const supplementaryClass = new Map<number, number>();

function classifyCodePoint(codePoint: number): number {
  const source = String.fromCodePoint(codePoint);
  const folded = source.normalize('NFKC').toLowerCase();
  let kept = '';
  for (const ch of folded) {
    if (LETTER_OR_DIGIT.test(ch)) kept += ch;
  }
  if (kept === '') {
    return CLAUSE_SEPARATOR.test(source) || CLAUSE_SEPARATOR.test(folded) ? CLASS_BREAK : CLASS_DROP;
  }
  const simplified = toSimplified(kept);
  if (simplified === source) return CLASS_KEEP;
  mappedText.set(codePoint, simplified);
  return CLASS_MAP;
}

function classOf(codePoint: number): number {
  if (codePoint < MIN_SUPPLEMENTARY) {
    let cls = bmpClass[codePoint] ?? CLASS_UNKNOWN;
    if (cls === CLASS_UNKNOWN) {
      cls = classifyCodePoint(codePoint);
      bmpClass[codePoint] = cls;
    }
    return cls;
  }
  let cls = supplementaryClass.get(codePoint);
  if (cls === undefined) {
    cls = classifyCodePoint(codePoint);
    supplementaryClass.set(codePoint, cls);
  }
  return cls;
}

/** Growable pair of offset arrays, avoiding per-unit object allocation on the hot path. */
class OffsetBuffer {
  starts: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.starts = new Int32Array(Math.max(capacity, INITIAL_MAP_CAPACITY));
    this.ends = new Int32Array(Math.max(capacity, INITIAL_MAP_CAPACITY));
  }

  push(start: number, end: number): void {
    if (this.length === this.starts.length) {
      const starts = new Int32Array(this.length * 2);
      const ends = new Int32Array(this.length * 2);
      starts.set(this.starts);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length += 1;
  }
}

/** Normalise text for matching and keep the way back to the original offsets. */
export function normalizeText(original: string): NormalizedText {
  const offsets = new OffsetBuffer(original.length);
  const breaks: number[] = [];
  let text = '';
  let i = 0;
  while (i < original.length) {
    const codePoint = original.codePointAt(i) ?? 0;
    const width = codePoint >= MIN_SUPPLEMENTARY ? 2 : 1;
    const cls = classOf(codePoint);
    if (cls === CLASS_KEEP) {
      const piece = width === 1 ? (original[i] ?? '') : original.slice(i, i + 2);
      for (let u = 0; u < piece.length; u += 1) offsets.push(i, i + width);
      text += piece;
    } else if (cls === CLASS_MAP) {
      const piece = mappedText.get(codePoint) ?? '';
      for (let u = 0; u < piece.length; u += 1) offsets.push(i, i + width);
      text += piece;
    } else if (cls === CLASS_BREAK) {
      if (breaks[breaks.length - 1] !== text.length) breaks.push(text.length);
    }
    i += width;
  }
  return {
    original,
    text,
    originalStart: offsets.starts.subarray(0, offsets.length),
    originalEnd: offsets.ends.subarray(0, offsets.length),
    breaks,
  };
}

/** Normalise a keyword or cue the same way messages are normalised. */
export function normalizePattern(pattern: string): string {
  return normalizeText(pattern).text;
}

/**
 * Fold text for search (NFKC, lower case, simplified) but keep word boundaries: removed characters
 * become a single space instead of disappearing, so tokenisers do not glue clauses together.
 */
export function foldTextForSearch(original: string): string {
  let out = '';
  let pendingSpace = false;
  let i = 0;
  while (i < original.length) {
    const codePoint = original.codePointAt(i) ?? 0;
    const width = codePoint >= MIN_SUPPLEMENTARY ? 2 : 1;
    const cls = classOf(codePoint);
    if (cls === CLASS_KEEP || cls === CLASS_MAP) {
      if (pendingSpace && out.length > 0) out += ' ';
      pendingSpace = false;
      out += cls === CLASS_KEEP ? original.slice(i, i + width) : (mappedText.get(codePoint) ?? '');
    } else {
      pendingSpace = true;
    }
    i += width;
  }
  return out;
}

/** Map a normalised half-open range back to the original text. */
export function toOriginalRange(normalized: NormalizedText, start: number, end: number): TextRange {
  if (end <= start || start >= normalized.text.length) {
    const at =
      start < normalized.originalStart.length
        ? (normalized.originalStart[start] ?? 0)
        : normalized.original.length;
    return { start: at, end: at };
  }
  return {
    start: normalized.originalStart[start] ?? 0,
    end: normalized.originalEnd[end - 1] ?? normalized.original.length,
  };
}

/** Index of the clause (between two breaks) containing a normalised offset. */
export function clauseIndexAt(normalized: NormalizedText, offset: number): number {
  const { breaks } = normalized;
  let low = 0;
  let high = breaks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((breaks[mid] ?? 0) <= offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Normalised [start, end) range of a clause index returned by clauseIndexAt. */
export function clauseRange(normalized: NormalizedText, clause: number): TextRange {
  const start = clause === 0 ? 0 : (normalized.breaks[clause - 1] ?? 0);
  const end =
    clause < normalized.breaks.length
      ? (normalized.breaks[clause] ?? normalized.text.length)
      : normalized.text.length;
  return { start, end };
}
