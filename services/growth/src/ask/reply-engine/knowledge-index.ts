import MiniSearch from 'minisearch';

import { tokenizeChinese } from './chinese-tokenizer.ts';
import type { AskScene, KnowledgeChunk } from './reply-engine.types.ts';
import { hashString } from './stable-hash.ts';

interface IndexedChunk {
  readonly id: string;
  readonly scene: AskScene;
  readonly title: string;
  readonly content: string;
  readonly tagText: string;
}

export interface KnowledgeIndex {
  /** Hash of the enabled chunks' content: equal versions mean equal indexes. */
  readonly version: string;
  readonly size: number;
  readonly chunks: ReadonlyMap<string, KnowledgeChunk>;
  readonly engine: MiniSearch<IndexedChunk>;
  /** Number of chunks each term occurs in, used to drop near-universal query terms. */
  readonly documentFrequency: ReadonlyMap<string, number>;
}

export interface RetrievedChunk {
  readonly chunk: KnowledgeChunk;
  readonly score: number;
}

/** Tags are curated by editors, titles summarise the chunk: both weigh more than body text. */
const FIELD_BOOST = { title: 2, tagText: 2.5, content: 1 } as const;
/** Chunks written for the thread's scene are preferred, but other scenes can still win. */
export const SCENE_BOOST = 1.5;
export const DEFAULT_RETRIEVAL_K = 3;
/**
 * Query terms found in more than this share of chunks carry almost no BM25 weight but cost the
 * most to score (their posting lists are the longest), so they are dropped from the query.
 */
export const MAX_QUERY_TERM_DF_RATIO = 0.05;
/** Posting lists shorter than this are cheap to score: terms this rare are never dropped. */
const MIN_PRUNED_DF = 400;

const identity = (term: string): string => term;

/** FNV over every enabled chunk, in id order, so the version ignores array order. */
export function computeKnowledgeVersion(chunks: readonly KnowledgeChunk[]): string {
  let hash = hashString('knowledge-v1');
  const enabled = chunks
    .filter((chunk) => chunk.enabled)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const chunk of enabled) {
    hash = hashString(
      [chunk.id, chunk.scene, chunk.title, chunk.content, chunk.tags.join('\u0001')].join('\u0000'),
      hash,
    );
  }
  return `${enabled.length}-${hash.toString(16).padStart(8, '0')}`;
}

const splitOnSpace = (text: string): string[] => text.split(' ');

/**
 * BM25 index over the enabled chunks (title, content, tags) with the Chinese tokenizer.
 * Build once per knowledge version and share it between requests.
 */
export function buildKnowledgeIndex(chunks: readonly KnowledgeChunk[]): KnowledgeIndex {
  const byId = new Map<string, KnowledgeChunk>();
  const documents: IndexedChunk[] = [];
  // Each field is tokenised once: for document frequencies here and for MiniSearch below.
  const tokenCache = new Map<string, string[]>();
  const tokensOf = (text: string): string[] => {
    let tokens = tokenCache.get(text);
    if (tokens === undefined) {
      tokens = tokenizeChinese(text);
      tokenCache.set(text, tokens);
    }
    return tokens;
  };
  const documentFrequency = new Map<string, number>();
  for (const chunk of chunks) {
    if (!chunk.enabled || byId.has(chunk.id)) continue;
    byId.set(chunk.id, chunk);
    const document: IndexedChunk = {
      id: chunk.id,
      scene: chunk.scene,
      title: chunk.title,
      content: chunk.content,
      tagText: chunk.tags.join(' '),
    };
    documents.push(document);
    const terms = new Set([
      ...tokensOf(document.title),
      ...tokensOf(document.content),
      ...tokensOf(document.tagText),
    ]);
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const engine = new MiniSearch<IndexedChunk>({
    idField: 'id',
    fields: ['title', 'content', 'tagText'],
    storeFields: ['scene'],
    tokenize: tokensOf,
    processTerm: identity,
    // Queries arrive already tokenised and pruned by retrieve().
    searchOptions: {
      boost: FIELD_BOOST,
      combineWith: 'OR',
      prefix: false,
      fuzzy: false,
      tokenize: splitOnSpace,
    },
  });
  engine.addAll(documents);
  tokenCache.clear();
  return {
    version: computeKnowledgeVersion(chunks),
    size: byId.size,
    chunks: byId,
    engine,
    documentFrequency,
  };
}

/** Distinct query terms that exist in the index, without the near-universal ones. */
function queryTerms(index: KnowledgeIndex, query: string): string[] {
  const known = [...new Set(tokenizeChinese(query))].filter((term) => index.documentFrequency.has(term));
  const limit = Math.max(MIN_PRUNED_DF, index.size * MAX_QUERY_TERM_DF_RATIO);
  const selective = known.filter((term) => (index.documentFrequency.get(term) ?? 0) <= limit);
  if (selective.length > 0) return selective;
  // Only common terms: keep the rarest one so the question still finds something.
  const rarest = [...known].sort(
    (a, b) => (index.documentFrequency.get(a) ?? 0) - (index.documentFrequency.get(b) ?? 0),
  )[0];
  return rarest === undefined ? [] : [rarest];
}

/** Top-k chunks for a question, boosting the scene's own chunks; ties break by chunk id. */
export function retrieve(
  index: KnowledgeIndex,
  query: string,
  scene: AskScene | null,
  k: number = DEFAULT_RETRIEVAL_K,
): RetrievedChunk[] {
  if (k <= 0 || index.size === 0) return [];
  const terms = queryTerms(index, query);
  if (terms.length === 0) return [];
  const results = index.engine.search(terms.join(' '), {
    boostDocument: (_id, _term, stored) => (scene !== null && stored?.['scene'] === scene ? SCENE_BOOST : 1),
  });
  // MiniSearch returns results best first; only the top k (plus anything tied with the k-th)
  // need the deterministic id tie-break, so stop collecting once the score drops below that.
  const retrieved: RetrievedChunk[] = [];
  for (const result of results) {
    const last = retrieved[retrieved.length - 1];
    if (retrieved.length >= k && last !== undefined && result.score < last.score) break;
    const chunk = index.chunks.get(String(result.id));
    if (chunk !== undefined) retrieved.push({ chunk, score: result.score });
  }
  retrieved.sort(
    (a, b) => b.score - a.score || (a.chunk.id < b.chunk.id ? -1 : a.chunk.id > b.chunk.id ? 1 : 0),
  );
  return retrieved.slice(0, k);
}
