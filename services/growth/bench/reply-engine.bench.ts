/**
 * Reply benchmark: a full composeReply (intent, retrieval, chart facts, prompt, composition) over
 * 10,000 knowledge chunks. Run: npx tsx services/growth/bench/reply-engine.bench.ts
 */
import { buildKnowledgeIndex } from '../src/ask/reply-engine/knowledge-index.ts';
import { composeReply } from '../src/ask/reply-engine/reply-composer.ts';
import type { ChartFacts, KnowledgeChunk } from '../src/ask/reply-engine/reply-engine.types.ts';
import { RETRIEVAL_LABELS } from '../src/ask/reply-engine/retrieval-labels.ts';
import { SEED_KNOWLEDGE_CHUNKS } from '../src/ask/reply-engine/seed/knowledge-seed.ts';
import { SEED_SYSTEM_PROMPTS } from '../src/ask/reply-engine/seed/system-prompts.ts';

// Timing helpers are repeated in each bench file so every bench stays a standalone script.

interface TimingSummary {
  readonly runs: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Run fn warmup times unmeasured, then runs times measured; milliseconds per call. */
function measure(fn: (iteration: number) => unknown, runs: number, warmup: number): TimingSummary {
  for (let i = 0; i < warmup; i += 1) fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return {
    runs,
    p50: percentile(samples, 0.5),
    p99: percentile(samples, 0.99),
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
  };
}

function formatSummary(label: string, summary: TimingSummary, targetMs?: number): string {
  const verdict =
    targetMs === undefined
      ? ''
      : summary.p50 < targetMs
        ? `  (target p50 < ${targetMs} ms: met)`
        : `  (target p50 < ${targetMs} ms: MISSED)`;
  return `${label}: p50 ${summary.p50.toFixed(3)} ms, p99 ${summary.p99.toFixed(3)} ms, mean ${summary.mean.toFixed(3)} ms over ${summary.runs} runs${verdict}`;
}

/** Small deterministic PRNG (mulberry32) so every bench run uses the same synthetic data. */

const CHUNK_COUNT = 10_000;
const RUNS = 1_000;
const WARMUP = 200;
const TARGET_P50_MS = 10;

const sentencesOf = (text: string): string[] => text.match(/[^。！？]+[。！？]?/gu) ?? [text];

/**
 * The seed chunks plus synthetic ones recombined from seed sentences, titles and tags, so the
 * vocabulary and posting-list lengths look like a large real knowledge base.
 */
function syntheticChunks(count: number): KnowledgeChunk[] {
  const seed = SEED_KNOWLEDGE_CHUNKS;
  const chunks: KnowledgeChunk[] = [...seed];
  for (let i = 0; chunks.length < count; i += 1) {
    const a = seed[(i * 7) % seed.length];
    const b = seed[(i * 13 + 5) % seed.length];
    const c = seed[(i * 31 + 11) % seed.length];
    if (a === undefined || b === undefined || c === undefined) continue;
    const content = [
      sentencesOf(a.content)[0],
      sentencesOf(b.content)[1] ?? sentencesOf(b.content)[0],
      sentencesOf(c.content)[0],
    ].join('');
    chunks.push({
      id: `bench-kc-${i}`,
      source_id: a.source_id,
      scene: a.scene,
      title: `${a.title}与${b.title}`,
      content,
      tags: [...new Set([...a.tags.slice(0, 2), ...b.tags.slice(0, 2)])],
      enabled: true,
    });
  }
  return chunks;
}

const chart: ChartFacts = {
  sun: { sign: '白羊座' },
  moon: { sign: '巨蟹座' },
  ascendant: { sign: '天秤座' },
  transits: [{ transiting: 'saturn', natal: 'sun', type: 'square' }],
};
const questions = [
  ...RETRIEVAL_LABELS.map((label) => label.question),
  '你好',
  '上升星座代表什么',
  '和男朋友吵架了，他一直冷战不理我',
];

const chunks = syntheticChunks(CHUNK_COUNT);
const buildStart = performance.now();
const index = buildKnowledgeIndex(chunks);
const buildMs = performance.now() - buildStart;
console.log(
  `knowledge chunks: ${index.size}; index build: ${buildMs.toFixed(0)} ms (version ${index.version})`,
);

const history = [
  { role: 'user', content: '最近工作压力很大' },
  { role: 'assistant', content: '听起来你最近很辛苦。' },
] as const;
const summary = measure(
  (i) =>
    composeReply({
      question: questions[i % questions.length] ?? '你好',
      scene: null,
      profile: { displayName: '小林' },
      chartFacts: chart,
      history,
      index,
      prompts: SEED_SYSTEM_PROMPTS,
    }),
  RUNS,
  WARMUP,
);
console.log(
  formatSummary(
    `composeReply over ${index.size} chunks (${questions.length} questions cycled)`,
    summary,
    TARGET_P50_MS,
  ),
);
