import { buildKeywordAutomaton, findKeywords } from './keyword-automaton.ts';
import type { KeywordAutomaton, KeywordHit } from './keyword-automaton.ts';
import {
  clauseIndexAt,
  clauseRange,
  normalizePattern,
  normalizeText,
  toOriginalRange,
} from './text-normalizer.ts';
import type { NormalizedText, TextRange } from './text-normalizer.ts';

/** Tiers a policy's cues can belong to. time_frame never raises a tier alone; it escalates others. */
export type CrisisCueTier = 'ideation' | 'plan' | 'means' | 'time_frame';
export type CrisisTier = 'none' | 'ideation' | 'plan' | 'means' | 'imminent';
export type CrisisOutcome = 'none' | 'first_person_risk' | 'third_party_concern';
/** Who a cue is about, or why it does not count as the writer's own current risk. */
export type CueStance = 'first_person' | 'third_party' | 'media' | 'negated' | 'past_resolved';

/**
 * A crisis policy as stored by operators. A cue is a phrase ("想死"), alternatives ("想死|好想死"),
 * or a sequence of parts joined by "+" that must appear in that order close together
 * ("打算|准备 + 跳楼|烧炭").
 */
export interface CrisisPolicy {
  readonly id: string;
  readonly name: string;
  readonly tier: CrisisCueTier;
  readonly cues: readonly string[];
  readonly enabled: boolean;
}

/** Context vocabulary the detector uses to decide whose risk a cue describes. */
export interface CrisisMarkers {
  /** 我, 我们...: the writer as subject. */
  readonly firstPerson: readonly string[];
  /** 他, 朋友, 同学, 有人...: someone else as subject. */
  readonly thirdPerson: readonly string[];
  /** 电影, 新闻, 小说, 歌词...: the cue describes media content. */
  readonly media: readonly string[];
  /** Words that contain a person marker without being one: 其他, 吉他, 妈的, 没人. */
  readonly neutral: readonly string[];
  /** A person right after one of these is an object, not the subject: 和, 跟, 被, 给... */
  readonly objectMarkers: readonly string[];
  /** Reported speech (说, 提到, 写着) lets a subject-less clause take the previous clause's subject. */
  readonly reportedSpeech: readonly string[];
  /** 不会, 没有想过, 不想死...: a negation just before a cue (or covering it) negates it. */
  readonly negation: readonly string[];
  /** 以前, 曾经...: with a resolution marker anywhere in the message the cue is past and resolved. */
  readonly pastTime: readonly string[];
  readonly resolved: readonly string[];
  /** Phrases containing a cue that are not risk statements: 想死你了, 自杀式. Covered cues are dropped. */
  readonly exclusions: readonly string[];
  /** 如何帮助, 怎么劝...: asking how to help someone else. */
  readonly helpSeeking: readonly string[];
  /** Nouns a cue can modify: 想自杀的"朋友", 想死的"人". */
  readonly modifiedNouns: readonly string[];
  /** 我是, 像我这样: the writer describing themself, which overrides modifiedNouns. */
  readonly selfDescription: readonly string[];
}

export interface CrisisCueMatch {
  readonly policyId: string;
  readonly tier: CrisisCueTier;
  /** The cue as written in the policy. */
  readonly cue: string;
  /** Original-text offsets. */
  readonly start: number;
  readonly end: number;
  readonly matchedText: string;
  readonly stance: CueStance;
}

export interface CrisisAssessment {
  /** First-person risk at any tier. */
  readonly isCrisis: boolean;
  /** Tier of the writer's own risk ('none' when the cues are about someone else, negated or past). */
  readonly tier: CrisisTier;
  readonly firstPerson: boolean;
  readonly outcome: CrisisOutcome;
  /** Tier of the risk described for someone else (third_party_concern), else 'none'. */
  readonly thirdPartyTier: CrisisTier;
  readonly matchedCues: readonly CrisisCueMatch[];
  /** Policy of the cue that set the reported tier (first-person, else third-party); null when none. */
  readonly policyId: string | null;
}

export interface CrisisCompileIssue {
  readonly policyId: string;
  readonly cue: string;
  readonly reason: string;
}

type MarkerKind =
  | 'first'
  | 'third'
  | 'media'
  | 'neutral'
  | 'object'
  | 'speech'
  | 'negation'
  | 'past'
  | 'resolved'
  | 'exclusion'
  | 'help'
  | 'modified'
  | 'self';

interface CueData {
  readonly cue: number;
  readonly part: number;
}

interface CompiledCue {
  readonly policyId: string;
  readonly tier: CrisisCueTier;
  readonly source: string;
  readonly partCount: number;
  /** Policy order, for deterministic tie-breaks. */
  readonly order: number;
}

export interface CompiledCrisis {
  /** Cue phrases: scanned over the whole message. */
  readonly cueAutomaton: KeywordAutomaton<CueData>;
  /** Context markers: scanned only around cue hits, since most messages contain no cue at all. */
  readonly markerAutomaton: KeywordAutomaton<MarkerKind>;
  readonly cues: readonly CompiledCue[];
  readonly issues: readonly CrisisCompileIssue[];
}

/** Largest gap, in normalised characters, between consecutive parts of a "+" cue. */
export const COMPOUND_MAX_GAP = 12;
/** A negation counts when it ends at most this many characters before the cue (不会再想死). */
export const NEGATION_MAX_GAP = 2;
/** A time frame escalates a cue when the two are at most this many characters apart. */
export const TIME_FRAME_WINDOW = 24;
/** How many earlier clauses reported speech may borrow its subject from. */
export const REPORTED_SPEECH_LOOKBACK = 2;

const MARKER_FIELDS: readonly (readonly [keyof CrisisMarkers, MarkerKind])[] = [
  ['firstPerson', 'first'],
  ['thirdPerson', 'third'],
  ['media', 'media'],
  ['neutral', 'neutral'],
  ['objectMarkers', 'object'],
  ['reportedSpeech', 'speech'],
  ['negation', 'negation'],
  ['pastTime', 'past'],
  ['resolved', 'resolved'],
  ['exclusions', 'exclusion'],
  ['helpSeeking', 'help'],
  ['modifiedNouns', 'modified'],
  ['selfDescription', 'self'],
];

const TIER_RANK: Record<CrisisTier, number> = { none: 0, ideation: 1, plan: 2, means: 3, imminent: 4 };
const CUE_TIER_RANK: Record<CrisisCueTier, number> = { time_frame: 0, ideation: 1, plan: 2, means: 3 };

/** Clauses around a cue that context analysis looks at (reported speech looks back two clauses). */
const CONTEXT_CLAUSES_BEFORE = 2;
/** Clauses after a cue where a resolution (现在好多了) or a modified noun can follow. */
const CONTEXT_CLAUSES_AFTER = 2;

/** Compile policies and markers into automata. Malformed cues are reported and skipped. */
export function compileCrisisPolicies(
  policies: readonly CrisisPolicy[],
  markers: CrisisMarkers,
): CompiledCrisis {
  const cueEntries: { keyword: string; data: CueData }[] = [];
  const markerEntries: { keyword: string; data: MarkerKind }[] = [];
  const cues: CompiledCue[] = [];
  const issues: CrisisCompileIssue[] = [];
  policies.forEach((policy, order) => {
    if (!policy.enabled) return;
    for (const source of policy.cues) {
      const parts = source.split('+').map((part) =>
        part
          .split('|')
          .map((alternative) => normalizePattern(alternative))
          .filter((alternative) => alternative.length > 0),
      );
      if (parts.length === 0 || parts.some((alternatives) => alternatives.length === 0)) {
        issues.push({
          policyId: policy.id,
          cue: source,
          reason: 'cue has an empty part after normalisation',
        });
        continue;
      }
      const cueIndex = cues.length;
      cues.push({ policyId: policy.id, tier: policy.tier, source, partCount: parts.length, order });
      parts.forEach((alternatives, part) => {
        for (const keyword of new Set(alternatives))
          cueEntries.push({ keyword, data: { cue: cueIndex, part } });
      });
    }
  });
  for (const [field, kind] of MARKER_FIELDS) {
    for (const marker of new Set(markers[field].map((value) => normalizePattern(value)))) {
      if (marker.length > 0) markerEntries.push({ keyword: marker, data: kind });
    }
  }
  return {
    cueAutomaton: buildKeywordAutomaton(cueEntries),
    markerAutomaton: buildKeywordAutomaton(markerEntries),
    cues,
    issues,
  };
}

interface Span {
  readonly start: number;
  readonly end: number;
}

interface CueOccurrence extends Span {
  readonly cue: CompiledCue;
}

interface ResolvedOccurrence extends CueOccurrence {
  readonly stance: CueStance;
}

type MarkerSpans = Record<MarkerKind, Span[]>;

function emptyMarkerSpans(): MarkerSpans {
  return {
    first: [],
    third: [],
    media: [],
    neutral: [],
    object: [],
    speech: [],
    negation: [],
    past: [],
    resolved: [],
    exclusion: [],
    help: [],
    modified: [],
    self: [],
  };
}

const covers = (outer: Span, inner: Span): boolean => outer.start <= inner.start && outer.end >= inner.end;
const byPosition = (a: Span, b: Span): number => a.start - b.start || b.end - a.end;

/** Chain the parts of each "+" cue: every next part starts within COMPOUND_MAX_GAP of the last. */
function assembleOccurrences(cues: readonly CompiledCue[], partHits: Map<number, Span[][]>): CueOccurrence[] {
  const occurrences: CueOccurrence[] = [];
  for (const [cueIndex, parts] of partHits) {
    const cue = cues[cueIndex];
    if (cue === undefined) continue;
    const firstPart = [...(parts[0] ?? [])].sort(byPosition);
    let lastEnd = -1;
    for (const head of firstPart) {
      if (head.start < lastEnd) continue;
      let end = head.end;
      let complete = true;
      for (let part = 1; part < cue.partCount; part += 1) {
        const next = (parts[part] ?? [])
          .filter((hit) => hit.start >= end && hit.start <= end + COMPOUND_MAX_GAP)
          .sort(byPosition)[0];
        if (next === undefined) {
          complete = false;
          break;
        }
        end = next.end;
      }
      if (!complete) continue;
      occurrences.push({ start: head.start, end, cue });
      lastEnd = end;
    }
  }
  return occurrences;
}

/** Drop occurrences inside an exclusion phrase, and ones nested in a longer cue of the same tier. */
function pruneOccurrences(occurrences: CueOccurrence[], markers: MarkerSpans): CueOccurrence[] {
  const kept = occurrences.filter(
    (occ) =>
      !markers.exclusion.some(
        (exclusion) => covers(exclusion, occ) && exclusion.end - exclusion.start > occ.end - occ.start,
      ),
  );
  return kept
    .filter(
      (occ) =>
        !kept.some(
          (other) =>
            other !== occ &&
            other.cue.tier === occ.cue.tier &&
            covers(other, occ) &&
            other.end - other.start > occ.end - occ.start,
        ),
    )
    .sort((a, b) => a.start - b.start || a.end - b.end || a.cue.order - b.cue.order);
}

type SubjectKind = 'first' | 'third' | 'media' | 'help';

interface SubjectToken extends Span {
  readonly kind: SubjectKind;
}

/**
 * Person and media mentions that can act as the subject of a clause, with words that merely
 * contain them (其他, 没人) removed, possessives (我妈, 我的朋友) reduced to the possessed noun, and
 * objects of prepositions (跟他, 被我妈) dropped.
 */
/** Whether a span lies inside one of the given spans, in O(longest span) via a start → end map. */
function createCoverageTest(spans: readonly Span[]): (span: Span) => boolean {
  const maxEndByStart = new Map<number, number>();
  let longest = 0;
  for (const span of spans) {
    maxEndByStart.set(span.start, Math.max(maxEndByStart.get(span.start) ?? 0, span.end));
    longest = Math.max(longest, span.end - span.start);
  }
  return (span) => {
    for (let start = span.start; start >= span.start - longest; start -= 1) {
      if ((maxEndByStart.get(start) ?? -1) >= span.end) return true;
    }
    return false;
  };
}

function collectSubjects(text: string, markers: MarkerSpans): SubjectToken[] {
  const insideNeutral = createCoverageTest(markers.neutral);
  const objectMarkerEnds = new Set(markers.object.map((marker) => marker.end));
  const raw: SubjectToken[] = [
    ...markers.first.map((span) => ({ ...span, kind: 'first' as const })),
    ...markers.third.map((span) => ({ ...span, kind: 'third' as const })),
    ...markers.media.map((span) => ({ ...span, kind: 'media' as const })),
    ...markers.help.map((span) => ({ ...span, kind: 'help' as const })),
  ]
    .filter((token) => !insideNeutral(token))
    .sort(byPosition);
  // Longest token wins where tokens overlap (我们 over 我, 妈妈 over 妈).
  const tokens: SubjectToken[] = [];
  for (const token of raw) {
    const previous = tokens[tokens.length - 1];
    if (previous !== undefined && token.start < previous.end) continue;
    tokens.push(token);
  }
  const subjects: SubjectToken[] = [];
  let objectUntil = -1;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token === undefined) continue;
    const afterObjectMarker = objectMarkerEnds.has(token.start) || objectUntil === token.start;
    const next = tokens[i + 1];
    const possessive =
      token.kind === 'first' &&
      next !== undefined &&
      next.kind === 'third' &&
      (next.start === token.end || (next.start === token.end + 1 && text[token.end] === '的'));
    if (possessive && next !== undefined) {
      // 跟我妈: the possessed noun inherits the object position of the possessor.
      if (afterObjectMarker) objectUntil = next.start;
      continue;
    }
    if (afterObjectMarker && (token.kind === 'first' || token.kind === 'third')) continue;
    subjects.push(token);
  }
  return subjects;
}

function nearestSubjectBefore(
  subjects: readonly SubjectToken[],
  range: TextRange,
  before: number,
): SubjectToken | undefined {
  let nearest: SubjectToken | undefined;
  for (const subject of subjects) {
    if (
      subject.start >= range.start &&
      subject.end <= before &&
      (nearest === undefined || subject.start >= nearest.start)
    )
      nearest = subject;
  }
  return nearest;
}

const stanceOfSubject = (subject: SubjectToken): CueStance =>
  subject.kind === 'first' ? 'first_person' : subject.kind === 'media' ? 'media' : 'third_party';

function resolveStance(
  occ: CueOccurrence,
  normalized: NormalizedText,
  markers: MarkerSpans,
  subjects: readonly SubjectToken[],
): CueStance {
  const clause = clauseIndexAt(normalized, occ.start);
  const range = clauseRange(normalized, clause);
  const inClauseBefore = (span: Span): boolean => span.start >= range.start && span.end <= occ.start;

  const personWords = [...markers.third, ...markers.neutral];
  const negated = markers.negation.some((negation) => {
    if (
      personWords.some(
        (word) => covers(word, negation) && word.end - word.start > negation.end - negation.start,
      )
    )
      return false;
    const justBefore =
      negation.start >= range.start &&
      negation.end <= occ.start &&
      occ.start - negation.end <= NEGATION_MAX_GAP;
    const covering = covers(negation, occ) && negation.end - negation.start > occ.end - occ.start;
    // 决定不自杀了: a negation between the parts of a "+" cue negates the whole sequence.
    const betweenParts = occ.cue.partCount > 1 && negation.start > occ.start && negation.end <= occ.end;
    return justBefore || covering || betweenParts;
  });
  if (negated) return 'negated';

  if (markers.past.some(inClauseBefore) && markers.resolved.length > 0) return 'past_resolved';

  // 想自杀的朋友, 自杀的新闻: the cue describes someone or something else.
  const afterCue = normalized.text[occ.end] === '的' ? occ.end + 1 : occ.end;
  if (markers.media.some((media) => media.start === afterCue)) return 'media';
  if (
    afterCue !== occ.end &&
    markers.modified.some((noun) => noun.start === afterCue) &&
    !markers.self.some(inClauseBefore)
  ) {
    return 'third_party';
  }

  const subject = nearestSubjectBefore(subjects, range, occ.start);
  if (subject !== undefined) return stanceOfSubject(subject);

  // No subject in the clause: reported speech (朋友最近总说，想死) borrows an earlier clause's subject.
  const speechHere = markers.speech.some(inClauseBefore);
  const previous = clause > 0 ? clauseRange(normalized, clause - 1) : null;
  const speechEndsPrevious =
    previous !== null && markers.speech.some((speech) => speech.end === previous.end);
  if (speechHere || speechEndsPrevious) {
    for (let back = 1; back <= REPORTED_SPEECH_LOOKBACK && clause - back >= 0; back += 1) {
      const earlier = clauseRange(normalized, clause - back);
      const borrowed = nearestSubjectBefore(subjects, earlier, earlier.end);
      if (borrowed !== undefined) return stanceOfSubject(borrowed);
    }
  }
  // Chinese drops the subject freely; without another subject the writer is talking about themself.
  return 'first_person';
}

function distance(a: Span, b: Span): number {
  if (a.end <= b.start) return b.start - a.end;
  if (b.end <= a.start) return a.start - b.end;
  return 0;
}

function tierOf(occurrences: readonly ResolvedOccurrence[]): {
  tier: CrisisTier;
  decisive: ResolvedOccurrence | null;
} {
  const present = (tier: CrisisCueTier): boolean => occurrences.some((occ) => occ.cue.tier === tier);
  const ideation = present('ideation');
  const plan = present('plan');
  const means = present('means');
  const timed = present('time_frame');
  let tier: CrisisTier = 'none';
  if (means && (ideation || plan || timed)) tier = 'imminent';
  else if (plan && timed) tier = 'imminent';
  else if (means) tier = 'means';
  else if (plan) tier = 'plan';
  else if (ideation && timed) tier = 'plan';
  else if (ideation) tier = 'ideation';
  let decisive: ResolvedOccurrence | null = null;
  for (const occ of occurrences) {
    if (occ.cue.tier === 'time_frame') continue;
    if (decisive === null || CUE_TIER_RANK[occ.cue.tier] > CUE_TIER_RANK[decisive.cue.tier]) decisive = occ;
  }
  return { tier, decisive };
}

const NO_CUES: CrisisAssessment = {
  isCrisis: false,
  tier: 'none',
  firstPerson: false,
  outcome: 'none',
  thirdPartyTier: 'none',
  matchedCues: [],
  policyId: null,
};

/** Context markers inside the clause windows around the cue hits (merged, clause-aligned). */
function collectMarkers(
  compiled: CompiledCrisis,
  normalized: NormalizedText,
  cueHits: readonly KeywordHit<CueData>[],
): MarkerSpans {
  const markers = emptyMarkerSpans();
  const lastClause = normalized.breaks.length;
  const windows = cueHits
    .map((hit) => ({
      start: clauseRange(
        normalized,
        Math.max(0, clauseIndexAt(normalized, hit.start) - CONTEXT_CLAUSES_BEFORE),
      ).start,
      end: clauseRange(
        normalized,
        Math.min(
          lastClause,
          clauseIndexAt(normalized, Math.max(hit.start, hit.end - 1)) + CONTEXT_CLAUSES_AFTER,
        ),
      ).end,
    }))
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const window of windows) {
    const last = merged[merged.length - 1];
    if (last !== undefined && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else merged.push({ ...window });
  }
  for (const window of merged) {
    for (const hit of findKeywords(
      compiled.markerAutomaton,
      normalized.text.slice(window.start, window.end),
    )) {
      markers[hit.data].push({ start: hit.start + window.start, end: hit.end + window.start });
    }
  }
  return markers;
}

/** Assess text that has already been normalised (the pipeline shares one normalisation). */
export function assessCrisisNormalized(
  compiled: CompiledCrisis,
  normalized: NormalizedText,
): CrisisAssessment {
  const cueHits: KeywordHit<CueData>[] = findKeywords(compiled.cueAutomaton, normalized.text);
  if (cueHits.length === 0) return NO_CUES;
  const markers = collectMarkers(compiled, normalized, cueHits);
  const partHits = new Map<number, Span[][]>();
  for (const hit of cueHits) {
    const span = { start: hit.start, end: hit.end };
    let parts = partHits.get(hit.data.cue);
    if (parts === undefined) {
      parts = [];
      partHits.set(hit.data.cue, parts);
    }
    (parts[hit.data.part] ??= []).push(span);
  }
  const occurrences = pruneOccurrences(assembleOccurrences(compiled.cues, partHits), markers);
  const subjects = collectSubjects(normalized.text, markers);

  const resolved: ResolvedOccurrence[] = [];
  const anchors = occurrences.filter((occ) => occ.cue.tier !== 'time_frame');
  for (const occ of anchors)
    resolved.push({ ...occ, stance: resolveStance(occ, normalized, markers, subjects) });
  // A time frame takes the stance of the nearest risk cue it sits next to; alone it means nothing.
  const countable = resolved.filter(
    (occ) => occ.stance === 'first_person' || occ.stance === 'third_party' || occ.stance === 'media',
  );
  for (const occ of occurrences) {
    if (occ.cue.tier !== 'time_frame') continue;
    let nearest: ResolvedOccurrence | undefined;
    for (const anchor of countable) {
      const gap = distance(anchor, occ);
      if (gap <= TIME_FRAME_WINDOW && (nearest === undefined || gap < distance(nearest, occ)))
        nearest = anchor;
    }
    if (nearest !== undefined) resolved.push({ ...occ, stance: nearest.stance });
  }
  resolved.sort((a, b) => a.start - b.start || a.end - b.end || a.cue.order - b.cue.order);

  const own = tierOf(resolved.filter((occ) => occ.stance === 'first_person'));
  const others = tierOf(resolved.filter((occ) => occ.stance === 'third_party' || occ.stance === 'media'));
  const firstPerson = own.decisive !== null;
  const isCrisis = firstPerson && TIER_RANK[own.tier] > TIER_RANK.none;
  const outcome: CrisisOutcome = isCrisis
    ? 'first_person_risk'
    : others.decisive !== null
      ? 'third_party_concern'
      : 'none';
  const decisive = isCrisis ? own.decisive : others.decisive;

  const matchedCues: CrisisCueMatch[] = resolved.map((occ) => {
    const range = toOriginalRange(normalized, occ.start, occ.end);
    return {
      policyId: occ.cue.policyId,
      tier: occ.cue.tier,
      cue: occ.cue.source,
      start: range.start,
      end: range.end,
      matchedText: normalized.original.slice(range.start, range.end),
      stance: occ.stance,
    };
  });
  return {
    isCrisis,
    tier: isCrisis ? own.tier : 'none',
    firstPerson,
    outcome,
    thirdPartyTier: outcome === 'third_party_concern' ? others.tier : 'none',
    matchedCues,
    policyId: decisive?.cue.policyId ?? null,
  };
}

/** Normalise and assess a message for first-person suicide or self-harm risk. */
export function detectCrisis(compiled: CompiledCrisis, text: string): CrisisAssessment {
  return assessCrisisNormalized(compiled, normalizeText(text));
}
