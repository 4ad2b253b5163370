import { foldTextForSearch } from '../../safety/text-normalizer.ts';
import { chartFactsRelevant, chartPlaceholderValues, describeChartFacts } from './chart-facts.ts';
import { tokenizeChinese } from './chinese-tokenizer.ts';
import { classifyIntent } from './intent-classifier.ts';
import { retrieve } from './knowledge-index.ts';
import type { KnowledgeIndex, RetrievedChunk } from './knowledge-index.ts';
import { renderPrompt, selectPrompt } from './prompt-template.ts';
import type {
  AskIntent,
  AskScene,
  ChartFacts,
  HistoryMessage,
  KnowledgeChunk,
  SystemPromptTemplate,
} from './reply-engine.types.ts';
import { hashString, pickBySeed } from './stable-hash.ts';

export interface ComposeReplyInput {
  readonly question: string;
  /** The thread's scene; null lets the question decide. */
  readonly scene?: AskScene | null;
  readonly profile: { readonly displayName?: string | null };
  readonly chartFacts?: ChartFacts | null;
  /** Earlier messages of the thread, oldest first. */
  readonly history?: readonly HistoryMessage[];
  readonly index: KnowledgeIndex;
  readonly prompts: readonly SystemPromptTemplate[];
}

export interface ReplyCitation {
  readonly chunk_id: string;
  readonly title: string;
}

export interface ComposedReply {
  readonly content: string;
  readonly intent: AskIntent;
  readonly scene: AskScene;
  readonly citations: readonly ReplyCitation[];
  readonly used_chart_facts: boolean;
  /** The system-prompt template used (null when the scene has none), and its rendering. */
  readonly prompt_id: string | null;
  readonly system_prompt: string;
}

export const MIN_REPLY_CHARS = 120;
export const MAX_REPLY_CHARS = 400;
const MAX_POINTS = 3;
const CANDIDATE_K = 8;
/**
 * Chunks scoring below this share of the best one are off-topic padding. BM25 over words plus
 * bigrams rewards phrase overlap strongly, so the best chunk often scores several times the next.
 */
const MIN_RELATIVE_SCORE = 0.05;
/** A knowledge point is one or two sentences: at least this long when possible, at most the max. */
const MIN_POINT_CHARS = 36;
const MAX_POINT_CHARS = 110;
/** Questions with fewer content tokens than this borrow the previous question for retrieval. */
const MIN_QUERY_TOKENS = 4;
const MAX_NAME_CHARS = 16;
const PARAGRAPH = '\n\n';

const SCENE_LABELS: Record<AskScene, string> = {
  self: '自我探索',
  relation: '关系',
  career: '职业与学业',
  emotion: '情绪',
  life: '生活',
};

/** Openings per intent; {topic} is a quoted topic or 这件事, {name} the address prefix. */
const OPENINGS: Record<AskIntent, readonly string[]> = {
  greeting: ['{name}你好呀，很高兴在这里遇见你。', '{name}你好，欢迎来到这里，我在呢。'],
  thanks: [
    '{name}不客气，能陪你聊这些，我也很开心。',
    '{name}不用谢，你愿意认真对待自己的感受，这才是最重要的。',
  ],
  emotion_support: [
    '{name}谢谢你愿意把{topic}带来的感受说出来，这本身就需要勇气。',
    '{name}听起来{topic}让你最近过得不太轻松，你的感受是真实的，也值得被认真对待。',
  ],
  relationship_conflict: [
    '{name}关系里遇到{topic}，心里难免又委屈又着急，你愿意停下来想一想，已经很不容易。',
    '{name}会为{topic}反复琢磨，说明你很在乎这段关系。',
  ],
  career_choice: [
    '{name}关于{topic}的选择确实不轻松，它牵动着你对未来的很多期待。',
    '{name}面对{topic}会犹豫是很正常的，这说明你在认真对待自己的方向。',
  ],
  self_growth: [
    '{name}你在思考{topic}，说明你已经开始认真对待自己的成长了。',
    '{name}想在{topic}上有所改变，这本身就是很好的起点。',
  ],
  astrology_question: [
    '{name}你问到{topic}，我们可以把星盘当作一面照见自己的镜子，而不是一份判决书。',
    '{name}关于{topic}，星盘能给的是一个自我觉察的角度，而不是对未来的预言。',
  ],
  life_guidance: [
    '{name}关于{topic}，你在认真考虑怎样安排自己的生活，这很值得。',
    '{name}{topic}这样的事看似是生活琐事，其实很影响一个人的状态，我们一起看看。',
  ],
  ask_meaning: [
    '{name}你想弄明白{topic}背后的意义，这份好奇本身就是自我觉察的开始。',
    '{name}想理解{topic}意味着什么，是在试着更懂自己。',
  ],
  ask_advice: [
    '{name}关于{topic}，我们一起慢慢理一理。',
    '{name}{topic}值得好好想一想，我说说我的看法，你看看哪些适合你。',
  ],
  out_of_scope: ['{name}这个问题超出了我能认真回答的范围，我不想随便给你一个不靠谱的答案。'],
};

/** A gentle practical step and a question back, per intent. */
const CLOSINGS: Record<AskIntent, readonly string[]> = {
  greeting: [
    '最近过得怎么样？情绪、关系、工作或者自己的成长，有什么想聊的都可以慢慢说给我听。',
    '今天有什么让你开心或者烦心的事吗？想从哪里聊起都可以。',
  ],
  thanks: [
    '如果之后还有想聊的，随时来找我。这几天，你打算先试试哪一个小方法？',
    '之后有新的进展或者新的困惑，都欢迎回来聊聊。你想先从哪一步开始？',
  ],
  emotion_support: [
    '今天可以先做一件小事：找个安静的地方慢慢呼气，给此刻的情绪起个名字。你愿意说说，这种感觉最近一次出现是在什么时候吗？',
    '如果愿意，今晚睡前写下三行：发生了什么、我感受到什么、我需要什么。写完之后，你觉得最需要被照顾的是哪一部分？',
  ],
  relationship_conflict: [
    '下次开口前，可以先试着用“我感到……因为……我希望……”说一句话。你最希望对方理解的，是哪一点？',
    '不妨先约一个双方都平静的时间再谈，一人先说五分钟，另一个人只听不反驳。在这段关系里，你最在意的是什么？',
  ],
  career_choice: [
    '可以拿出一张纸，写下每个选项最好和最坏的结果，再标出你最看重的三件事。写完之后，哪一个让你心里更踏实？',
    '这周可以先找一位做过类似选择的人聊二十分钟，收集真实的信息。你现在最不确定的是哪一部分？',
  ],
  self_growth: [
    '可以从一个小到不可能失败的行动开始，比如每天只做两分钟，并把它记下来。你想先从哪件小事开始？',
    '试着这周选一个固定的时间和地点，给新习惯一个“锚点”。你觉得什么时间最适合你？',
  ],
  astrology_question: [
    '你可以对照最近的生活想一想：这些描述里，哪一句最像你，哪一句一点都不像？',
    '不妨把这段时间的感受记下来，一个月后再回头看看。你最想借星盘更了解自己的哪一面？',
  ],
  life_guidance: [
    '这周可以先挑一个最容易的小改变试试，坚持七天再看看感觉。你觉得哪一个最适合现在的你？',
    '不用一下子改变很多，先从明天早上的一件小事开始就好。你打算从哪里开始？',
  ],
  ask_meaning: [
    '你可以问问自己：这件事里我最在意的是什么？它和我最近的生活有什么联系？想到什么都可以告诉我。',
    '试着把它和最近的生活放在一起看看，也许会有新的发现。你第一个想到的联系是什么？',
  ],
  ask_advice: [
    '可以先从最小、最容易做到的一步开始，做完再看看感觉。你觉得这一步会是什么？',
    '不用一次解决全部，先选一件今天就能做的小事试试。做完之后，愿意回来和我说说感受吗？',
  ],
  out_of_scope: [
    '如果这个问题背后有让你烦心的事，比如压力、关系或者对未来的担心，我很愿意陪你聊聊。你最近过得怎么样？',
  ],
};

const CONNECTOR_SETS: readonly (readonly string[])[] = [
  ['有一个角度也许对你有帮助：', '另外，', '还有一点，'],
  ['可以先试着这样看：', '同时，', '此外，'],
  ['有个思路可以参考：', '再补充一点，', '最后，'],
];

const SELF_INTRODUCTION =
  '我是你的成长陪伴者，可以陪你梳理情绪、看看关系里的卡点、聊聊工作和学业上的选择，也可以借星盘做一点自我觉察——把它当作照见自己的镜子，而不是预言。';
const THANKS_MIDDLE =
  '改变往往是从一次次小小的尝试开始的，不必一次做到完美；哪怕只试了一次，也值得给自己一点肯定。也记得照顾好睡眠和饮食，它们是情绪最朴素的底座。';
const OUT_OF_SCOPE_MIDDLE =
  '我更擅长陪你聊情绪、关系、工作选择和自我成长，也可以借星盘做一点自我觉察；像这样的问题，更适合去查专业、权威的渠道。';
const MEDICAL_NOTE = '涉及用药、停药或诊断的问题，请一定和你的医生确认，不要自行调整。';
const PREDICTION_NOTE =
  '需要说明的是，星盘没办法预测具体会发生什么，它更适合帮你看清自己的节奏和需要，选择始终在你手里。';
/** When nothing in the knowledge base fits, ask for the details that would let us help. */
const CLARIFYING_POINT =
  '能再多告诉我一些吗？比如最近发生了什么、这件事里最让你难受或最拿不准的是哪一部分，我才能给你更贴近的建议。';
/** Person and catch-all words make poor topics ("关系里遇到「老公」"). */
const TOPIC_STOPLIST = new Set([
  '老公',
  '老婆',
  '男朋友',
  '女朋友',
  '男友',
  '女友',
  '对象',
  '伴侣',
  '父母',
  '爸妈',
  '家人',
  '朋友',
  '闺蜜',
  '同事',
  '领导',
  '老板',
  '室友',
  '舍友',
  '孩子',
  '婆婆',
  '前任',
  '喜欢的人',
  '生活',
  '工作',
  '关系',
  '情绪',
  '自己',
  '别人',
]);
const FALLBACK_POINTS: Record<AskScene, string> = {
  self: '认识自己不是一次性的答案，而是一次次留意：什么让你有能量，什么让你消耗。',
  relation: '关系里的很多摩擦，来自双方都没有被听见的需要；先把自己的需要说清楚，对方才有机会回应。',
  career: '职业选择很少有绝对的对错，更重要的是它是否贴近你看重的东西，以及你是否愿意为它付出代价。',
  emotion: '情绪本身没有好坏，它是一种信号，提醒你有某个需要没有被满足。',
  life: '生活的节律——睡眠、饮食、运动和与人的连接——往往比我们想象的更能影响心情。',
};

const codePointLength = (text: string): number => [...text].length;

const SENTENCE_END = new Set(['。', '！', '？', '!', '?']);
const OPENING_QUOTES = new Set(['“', '「', '‘', '『']);
const CLOSING_QUOTES = new Set(['”', '」', '’', '』']);

/** Split after sentence-ending punctuation, never inside quotes, keeping closing quotes attached. */
function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let current = '';
  let depth = 0;
  const chars = [...text];
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i] ?? '';
    current += ch;
    if (OPENING_QUOTES.has(ch)) depth += 1;
    else if (CLOSING_QUOTES.has(ch)) depth = Math.max(0, depth - 1);
    if (
      depth === 0 &&
      (SENTENCE_END.has(ch) || (CLOSING_QUOTES.has(ch) && SENTENCE_END.has(chars[i - 1] ?? '')))
    ) {
      while (CLOSING_QUOTES.has(chars[i + 1] ?? '')) {
        current += chars[i + 1] ?? '';
        i += 1;
      }
      // A quoted sentence followed by more words ("好吗？”再……") is still one sentence.
      if (
        CLOSING_QUOTES.has(ch) &&
        !SENTENCE_END.has(chars[i + 1] ?? '') &&
        i + 1 < chars.length &&
        !/[，,]/u.test(chars[i + 1] ?? '')
      )
        continue;
      sentences.push(current.trim());
      current = '';
    }
  }
  if (current.trim().length > 0) sentences.push(current.trim());
  return sentences.filter((sentence) => sentence.length > 0);
}

/** The opening sentences of a chunk, written to stand alone. */
/** Key points depend only on the chunk object; chunks are immutable within an index version. */
const keyPointCache = new WeakMap<KnowledgeChunk, string>();

function keyPoint(chunk: KnowledgeChunk): string {
  let point = keyPointCache.get(chunk);
  if (point === undefined) {
    point = extractKeyPoint(chunk, MAX_POINT_CHARS);
    keyPointCache.set(chunk, point);
  }
  return point;
}

function extractKeyPoint(chunk: KnowledgeChunk, maxChars: number): string {
  const sentences = splitSentences(chunk.content);
  let point = '';
  for (const sentence of sentences) {
    if (
      point.length > 0 &&
      (codePointLength(point) >= MIN_POINT_CHARS || codePointLength(point + sentence) > maxChars)
    )
      break;
    point += sentence;
  }
  if (point === '') point = chunk.content;
  if (!/[。！？!?]$/u.test(point)) point += '。';
  return point;
}

const foldCompact = (text: string): string => foldTextForSearch(text).replace(/ /g, '');

/**
 * The short phrase the reply names as the subject: the first tag, in the best chunk's own tag
 * order (editors list the main tag first), that the question actually contains; else the
 * classifier's longest topical keyword.
 */
function topicOf(
  foldedQuery: string,
  chunks: readonly KnowledgeChunk[],
  signals: readonly string[],
  intent: AskIntent,
): string | null {
  for (const chunk of chunks) {
    const tag = chunk.tags.find(
      (candidate) => !TOPIC_STOPLIST.has(candidate) && foldedQuery.includes(foldCompact(candidate)),
    );
    if (tag !== undefined) return tag;
  }
  if (intent === 'ask_advice' || intent === 'ask_meaning') return null;
  const signal = [...signals]
    .filter((word) => [...word].length >= 2 && !TOPIC_STOPLIST.has(word))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0];
  return signal ?? null;
}

function lastUserMessage(history: readonly HistoryMessage[]): string | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i];
    if (message !== undefined && message.role === 'user') return message.content;
  }
  return null;
}

/**
 * The best chunk, plus up to two supporting ones that score within reach of it and carry a tag
 * the question actually contains (bigram matches alone pull in loosely related chunks). Chunks
 * whose key point the companion already said in this thread are skipped when others remain.
 */
function chooseChunks(
  candidates: readonly RetrievedChunk[],
  foldedQuery: string,
  history: readonly HistoryMessage[],
): KnowledgeChunk[] {
  const said = history.filter((message) => message.role === 'assistant').map((message) => message.content);
  const unsaid = candidates.filter(
    (candidate) => !said.some((content) => content.includes(keyPoint(candidate.chunk))),
  );
  const pool = unsaid.length > 0 ? unsaid : candidates;
  const best = pool[0];
  if (best === undefined) return [];
  const supporting = pool
    .slice(1)
    .filter(
      (candidate) =>
        candidate.score >= best.score * MIN_RELATIVE_SCORE &&
        candidate.chunk.tags.some((tag) => foldedQuery.includes(foldCompact(tag))),
    )
    .map((candidate) => candidate.chunk);
  return [best.chunk, ...supporting].slice(0, MAX_POINTS);
}

interface ReplyParts {
  opening: string;
  points: string[];
  chart: string | null;
  notes: string[];
  closing: string;
}

function assemble(parts: ReplyParts): string {
  const paragraphs = [
    parts.opening,
    parts.points.join(''),
    parts.chart ?? '',
    [...parts.notes, parts.closing].join(''),
  ];
  return paragraphs.filter((paragraph) => paragraph.length > 0).join(PARAGRAPH);
}

/** Trim to the maximum: fewer points first, then shorter points, then no chart, then a hard cut. */
function fitToLimit(parts: ReplyParts, shortPoints: readonly string[]): string {
  let content = assemble(parts);
  while (codePointLength(content) > MAX_REPLY_CHARS && parts.points.length > 1) {
    parts.points.pop();
    content = assemble(parts);
  }
  if (codePointLength(content) > MAX_REPLY_CHARS) {
    parts.points = parts.points.map((point, i) => shortPoints[i] ?? point);
    content = assemble(parts);
  }
  if (codePointLength(content) > MAX_REPLY_CHARS && parts.chart !== null) {
    parts.chart = splitSentences(parts.chart)[0] ?? null;
    content = assemble(parts);
  }
  if (codePointLength(content) > MAX_REPLY_CHARS) {
    const chars = [...content].slice(0, MAX_REPLY_CHARS - 1);
    const cut = chars.join('');
    const lastStop = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('？'), cut.lastIndexOf('！'));
    content = lastStop > 0 ? cut.slice(0, lastStop + 1) : `${cut}…`;
  }
  return content;
}

function fillLine(line: string, name: string, topic: string | null): string {
  return line
    .replace('{name}', name.length > 0 ? `${name}，` : '')
    .replace('{topic}', topic === null ? '这件事' : `「${topic}」`);
}

/**
 * Write a reply without a language model: intent by rules, 1–3 retrieved knowledge points, chart
 * facts where they help, and a practical closing. Deterministic: the same input gives the same reply.
 * Crisis and content-safety handling happen before this (see safety-pipeline).
 */
export function composeReply(input: ComposeReplyInput): ComposedReply {
  const history = input.history ?? [];
  const sceneHint = input.scene ?? null;
  const classified = classifyIntent(input.question, sceneHint);
  const { intent, scene } = classified;
  const foldedQuestion = foldCompact(input.question);
  const seed = hashString(`${foldedQuestion}|${scene}|${intent}|${history.length}`);
  const name = [...(input.profile.displayName?.trim() ?? '')].slice(0, MAX_NAME_CHARS).join('');

  const previousQuestion = lastUserMessage(history);
  // A follow-up such as "那怎么办呢" carries no topic of its own: search with the previous question too.
  const thin = tokenizeChinese(input.question).length < MIN_QUERY_TOKENS;
  const query = thin && previousQuestion !== null ? `${previousQuestion} ${input.question}` : input.question;
  let chunks: KnowledgeChunk[] = [];
  if (intent !== 'greeting' && intent !== 'thanks' && intent !== 'out_of_scope') {
    chunks = chooseChunks(retrieve(input.index, query, scene, CANDIDATE_K), foldCompact(query), history);
  }
  const topic = topicOf(foldCompact(query), chunks, classified.signals, intent);

  const chart =
    input.chartFacts !== null && input.chartFacts !== undefined && chartFactsRelevant(scene, intent)
      ? describeChartFacts(input.chartFacts, scene, intent)
      : null;

  const placeholderValues = {
    display_name: name.length > 0 ? name : '你',
    scene: scene,
    scene_label: SCENE_LABELS[scene],
    topic: topic ?? '这件事',
    ...chartPlaceholderValues(input.chartFacts),
  };
  const prompt = renderPrompt(selectPrompt(input.prompts, scene), placeholderValues);

  const openingLine =
    pickBySeed(prompt.openings.length > 0 ? prompt.openings : OPENINGS[intent], seed, 'opening') ?? '';
  let opening = prompt.openings.length > 0 ? openingLine : fillLine(openingLine, name, topic);
  if (previousQuestion !== null && topic !== null && intent !== 'greeting') {
    const topicKey = foldCompact(topic);
    if (foldedQuestion.includes(topicKey) && foldCompact(previousQuestion).includes(topicKey)) {
      opening += `你又一次提到「${topic}」，看得出它一直放在你心上。`;
    } else if (!foldedQuestion.includes(topicKey)) {
      opening += '我们接着你刚才说的聊。';
    }
  }

  const connectors = pickBySeed(CONNECTOR_SETS, seed, 'connectors') ?? [];
  // Fallback when the reply is too long: each point cut to its first sentence.
  const shortPoints = chunks.map(
    (chunk, i) => `${connectors[i] ?? ''}${splitSentences(keyPoint(chunk))[0] ?? ''}`,
  );
  let points = chunks.map((chunk, i) => `${connectors[i] ?? ''}${keyPoint(chunk)}`);
  if (intent === 'greeting') points = [SELF_INTRODUCTION];
  else if (intent === 'thanks') points = [THANKS_MIDDLE];
  else if (intent === 'out_of_scope') points = [OUT_OF_SCOPE_MIDDLE];
  else if (points.length === 0) points = [CLARIFYING_POINT];

  const notes: string[] = [];
  if (classified.medical) notes.push(MEDICAL_NOTE);
  if (intent === 'astrology_question' && classified.predictive) notes.push(PREDICTION_NOTE);
  const closing =
    pickBySeed(prompt.closings.length > 0 ? prompt.closings : CLOSINGS[intent], seed, 'closing') ?? '';

  const parts: ReplyParts = { opening, points, chart, notes, closing };
  let content = fitToLimit(parts, shortPoints);
  if (codePointLength(content) < MIN_REPLY_CHARS) {
    parts.points = [...parts.points, FALLBACK_POINTS[scene]];
    content = fitToLimit(parts, shortPoints);
  }
  if (codePointLength(content) < MIN_REPLY_CHARS && !parts.points.includes(CLARIFYING_POINT)) {
    parts.points = [...parts.points, CLARIFYING_POINT];
    content = fitToLimit(parts, shortPoints);
  }

  const usedChunks = chunks.slice(
    0,
    intent === 'greeting' || intent === 'thanks' || intent === 'out_of_scope' ? 0 : parts.points.length,
  );
  return {
    content,
    intent,
    scene,
    citations: usedChunks.map((chunk) => ({ chunk_id: chunk.id, title: chunk.title })),
    used_chart_facts: parts.chart !== null && content.includes(parts.chart),
    prompt_id: prompt.promptId,
    system_prompt: prompt.systemPrompt,
  };
}
