/**
 * Safety scan benchmark: a 2,000-character message against 10,000 filter rules.
 * Run: npx tsx services/growth/bench/safety.bench.ts
 */
import { compileFilterRules, scanText } from '../src/safety/filter-matcher.ts';
import type { FilterRule } from '../src/safety/filter-matcher.ts';
import { compileSafety, evaluateMessage } from '../src/safety/safety-pipeline.ts';
import { SEED_BLOCK_POLICIES } from '../src/safety/seed/block-policies.seed.ts';
import { SEED_CRISIS_MARKERS, SEED_CRISIS_POLICIES } from '../src/safety/seed/crisis-policies.seed.ts';
import { SEED_FILTER_RULES } from '../src/safety/seed/filter-rules.seed.ts';

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
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RULE_COUNT = 10_000;
const MESSAGE_LENGTH = 2_000;
const RUNS = 2_000;
const WARMUP = 300;
const TARGET_P50_MS = 1;
const CATEGORIES = ['self_harm', 'violence', 'sexual', 'politics', 'fraud', 'abuse', 'privacy', 'spam'];
const HAN_POOL =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞';

/** Seed rules first (realistic keywords and all the seed regexes), topped up with synthetic keywords. */
function syntheticRules(count: number): FilterRule[] {
  const random = createRandom(20_240_601);
  const rules: FilterRule[] = [...SEED_FILTER_RULES];
  const seen = new Set(rules.map((rule) => rule.pattern));
  while (rules.length < count) {
    const length = 2 + Math.floor(random() * 3);
    let pattern = '';
    for (let i = 0; i < length; i += 1) pattern += HAN_POOL[Math.floor(random() * HAN_POOL.length)] ?? '的';
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    rules.push({
      id: `bench-${rules.length}`,
      pattern,
      kind: 'keyword',
      category: CATEGORIES[rules.length % CATEGORIES.length] ?? 'abuse',
      severity: 1 + (rules.length % 5),
      enabled: true,
    });
  }
  return rules;
}

/** Chat-like text with punctuation, a few evasions and personal data, cut to the target length. */
function syntheticMessage(length: number): string {
  const sentences = [
    '最近工作压力特别大，每天加班到很晚，回家以后什么都不想做。',
    '我和男朋友因为一些小事吵了架，他已经三天没理我了。',
    '有人加我微信说可以刷单返利，我有点心动但又怕被骗。',
    '我的手机号是 138-1234-5678，你可以记一下吗？',
    '说实话有时候觉得活着好累，但我还是想好好努力一下。',
    '周末想去公园走走，顺便晒晒太阳，调整一下心情😊。',
    '领导今天在会上批评了我，我觉得很委屈，不知道该怎么办。',
    '你这个傻*逼客服根本不解决问题！',
  ];
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += sentences[i % sentences.length];
  return text.slice(0, length);
}

const rules = syntheticRules(RULE_COUNT);
const message = syntheticMessage(MESSAGE_LENGTH);

let start = performance.now();
const compiledFilter = compileFilterRules(rules);
const compileMs = performance.now() - start;

start = performance.now();
const compiledSafety = compileSafety({
  filterRules: rules,
  blockPolicies: SEED_BLOCK_POLICIES,
  crisisPolicies: SEED_CRISIS_POLICIES,
  crisisMarkers: SEED_CRISIS_MARKERS,
});
const compileSafetyMs = performance.now() - start;

const regexCount = rules.filter((rule) => rule.kind === 'regex').length;
console.log(
  `rules: ${rules.length} (${rules.length - regexCount} keywords, ${regexCount} regexes); message: ${message.length} characters`,
);
console.log(
  `compile filter rules: ${compileMs.toFixed(1)} ms; compile full safety config: ${compileSafetyMs.toFixed(1)} ms; issues: ${compiledFilter.issues.length}`,
);
console.log(`matches in the message: ${scanText(compiledFilter, message).length}`);
console.log(
  formatSummary(
    'scanText (normalise + keywords + regexes)',
    measure(() => scanText(compiledFilter, message), RUNS, WARMUP),
    TARGET_P50_MS,
  ),
);
console.log(
  formatSummary(
    'evaluateMessage (scan + block policy + crisis)',
    measure(() => evaluateMessage(message, compiledSafety), RUNS, WARMUP),
  ),
);
const shortMessage = '我最近很焦虑，晚上总是睡不着，该怎么办？';
console.log(
  formatSummary(
    `evaluateMessage on a ${shortMessage.length}-character message`,
    measure(() => evaluateMessage(shortMessage, compiledSafety), RUNS, WARMUP),
  ),
);
