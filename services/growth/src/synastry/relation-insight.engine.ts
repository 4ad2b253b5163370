/**
 * Relation insight: a short, deterministic reading of two charts for everyday use (what flows, what rubs, how to
 * talk), derived from the same inter-chart aspects and indexes as the synastry report. Pure: charts in, insight out.
 *
 * Rules (also in docs/synastry-and-cards.md):
 * - indexes: the synastry report's three indexes (reports/builders/synastry-indexes.ts), so both always agree.
 * - strengths: up to 3 flowing contacts (trine, sextile, or a conjunction without Mars, Saturn or Pluto) between
 *   the "relating" points of both people, tightest first (tightness = 1 − orb / orb limit).
 * - challenges: up to 3 tension contacts (square, opposition, or a conjunction involving Mars, Saturn or Pluto)
 *   between the same points, tightest first.
 * - communication tips: one from the tightest Mercury contact (if any), one from the tightest Moon contact
 *   (if any), then one per index band, until there are COMMUNICATION_TIP_COUNT.
 */
import type { Aspect, AspectType, Chart, ChartPointKey } from '../astrology/index.ts';
import { ASPECT_NAMES_ZH, computeCompositeChart, computeSynastryAspects } from '../astrology/index.ts';
import { aspectNature, tightnessOf } from '../reports/builders/aspect-keys.ts';
import { pointNameZh } from '../reports/builders/chart-summary.ts';
import {
  computeSynastryIndexes,
  indexBand,
  type SynastryIndexes,
} from '../reports/builders/synastry-indexes.ts';

export interface InsightPerson {
  displayName: string;
  chart: Chart;
}

export interface InsightPoint {
  /** `venus-mars.trine`: A's point, B's point and the aspect, stable across languages. */
  key: string;
  title: string;
  text: string;
}

export interface RelationInsightContent {
  headline: string;
  summary: string;
  indexes: SynastryIndexes;
  strengths: InsightPoint[];
  challenges: InsightPoint[];
  communicationTips: string[];
}

const POINT_LIMIT = 3;
const COMMUNICATION_TIP_COUNT = 3;

/** Points that describe how two people relate; the slow outer planets mostly describe a generation. */
const RELATING_POINTS: ReadonlySet<ChartPointKey> = new Set([
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'ascendant',
]);
/** A conjunction with these is intense rather than easy. */
const HEAVY_POINTS: ReadonlySet<ChartPointKey> = new Set(['mars', 'saturn', 'pluto']);

/** What each point stands for in a relationship. */
const POINT_THEMES: Partial<Record<ChartPointKey, string>> = {
  sun: '自我与方向',
  moon: '情绪与安全感',
  mercury: '沟通与想法',
  venus: '情感与珍视的东西',
  mars: '行动与欲望',
  jupiter: '成长与信任',
  saturn: '责任与边界',
  ascendant: '相处方式与第一印象',
};

function flowText(type: AspectType): string {
  if (type === 'trine') return '这一块你们不必刻意经营就能彼此支持，是关系里天然的顺风处。';
  if (type === 'sextile') return '这里有良好的互补空间，只要有一方主动一点，默契就能变成合作。';
  return '你们在这一点上高度共鸣，容易产生“被懂得”的感觉。';
}

function tensionText(type: AspectType): string {
  if (type === 'square') {
    return '你们在这件事上节奏不同，容易较劲；看见差异、轮流让步，它也会成为推动彼此成长的动力。';
  }
  if (type === 'opposition') return '你们的立场像镜子的两面，容易拉扯；愿意走到中间地带时，反而最能互补。';
  return '这里的能量很集中，能彼此激发，也容易带来压力，需要给对方留出空间。';
}

const INDEX_LABELS: Record<keyof SynastryIndexes, string> = {
  attraction: '吸引力',
  harmony: '默契度',
  stability: '稳定度',
};
const BAND_WORDS = { high: '较高', mid: '中等', low: '偏低' } as const;

const INDEX_SUMMARY: Record<keyof SynastryIndexes, Record<'high' | 'mid' | 'low', string>> = {
  attraction: {
    high: '彼此之间有明显的吸引和好奇心，',
    mid: '吸引力温和而持久，',
    low: '吸引更多来自相处而非一见如故，',
  },
  harmony: {
    high: '相处时容易合拍，',
    mid: '合拍与摩擦并存，',
    low: '日常节奏差异较大，需要更多耐心与磨合，',
  },
  stability: {
    high: '关系有较好的承载力和长期经营的基础。',
    mid: '关系的稳定来自双方持续的投入。',
    low: '关系更需要约定与仪式感来稳住。',
  },
};

const MERCURY_TIPS: Record<'flowing' | 'tension' | 'conjunction', string> = {
  flowing: '你们的思路容易接上，重要的事不妨直接说开，效率往往很高。',
  conjunction: '你们说话的方式很像，聊得来；也要留意别只顺着彼此的想法，偶尔请对方提出不同意见。',
  tension: '你们表达方式差异明显：讨论前先确认对方的意思，用自己的话复述一遍再回应，可以少很多误会。',
};

const MOON_TIPS: Record<'flowing' | 'tension' | 'conjunction', string> = {
  flowing: '多分享日常的小感受，被细致照顾的感觉最能让你们靠近。',
  conjunction: '你们的情绪容易互相感染：一方低落时，先陪伴再讨论，比急着给建议更有用。',
  tension: '情绪上来时先暂停，约定一个冷静下来的时间再谈，比当场分出对错更有帮助。',
};

const BAND_TIPS: Record<keyof SynastryIndexes, Record<'high' | 'mid' | 'low', string>> = {
  harmony: {
    high: '默契高时也别省略说“谢谢”和“我需要你”，明说出来的肯定会让关系更稳。',
    mid: '把需求说成具体的请求（例如“周末陪我散步一小时”），而不是评价对方。',
    low: '约定一个“暂停词”，任何一方说出它，就先停下争论，过后再谈。',
  },
  stability: {
    high: '定期一起回顾和规划，让稳定的关系也保持新鲜感。',
    mid: '为关系安排一些固定的小仪式，比如每周一次不被打扰的聊天。',
    low: '把彼此的期待写下来交换看看，比猜测对方的心思更能建立安全感。',
  },
  attraction: {
    high: '吸引强烈时也要给彼此独处的空间，保持各自的生活会让这份吸引更长久。',
    mid: '一起尝试新的事情，共同的新体验能不断滋养彼此的好感。',
    low: '多表达欣赏：说出对方身上你看重的具体优点，好感会在被看见中累积。',
  },
};

function isRelating(aspect: Aspect): boolean {
  return RELATING_POINTS.has(aspect.a) && RELATING_POINTS.has(aspect.b);
}

function isHeavyConjunction(aspect: Aspect): boolean {
  return aspect.type === 'conjunction' && (HEAVY_POINTS.has(aspect.a) || HEAVY_POINTS.has(aspect.b));
}

function isFlowing(aspect: Aspect): boolean {
  const nature = aspectNature(aspect.type);
  return nature === 'flowing' || (nature === 'conjunction' && !isHeavyConjunction(aspect));
}

function byTightness(x: Aspect, y: Aspect): number {
  const difference = tightnessOf(y.type, y.a, y.b, y.orb) - tightnessOf(x.type, x.a, x.b, x.orb);
  // Ties (same tightness) fall back to a fixed order, so the result never depends on input order.
  if (difference !== 0) return difference;
  const keyX = `${x.a}-${x.b}.${x.type}`;
  const keyY = `${y.a}-${y.b}.${y.type}`;
  return keyX < keyY ? -1 : keyX > keyY ? 1 : 0;
}

function describePoint(aspect: Aspect, a: InsightPerson, b: InsightPerson, text: string): InsightPoint {
  const themeA = POINT_THEMES[aspect.a] ?? pointNameZh(aspect.a);
  const themeB = POINT_THEMES[aspect.b] ?? pointNameZh(aspect.b);
  return {
    key: `${aspect.a}-${aspect.b}.${aspect.type}`,
    title: `${a.displayName}的${pointNameZh(aspect.a)}${ASPECT_NAMES_ZH[aspect.type]}${b.displayName}的${pointNameZh(aspect.b)}`,
    text: `关于“${themeA}”与“${themeB}”：${text}`,
  };
}

function pickTip(
  inter: readonly Aspect[],
  point: ChartPointKey,
  tips: Record<'flowing' | 'tension' | 'conjunction', string>,
): string | null {
  const aspect = inter.find((candidate) => candidate.a === point || candidate.b === point);
  if (!aspect) return null;
  const nature = aspectNature(aspect.type);
  return tips[nature === 'conjunction' && isHeavyConjunction(aspect) ? 'tension' : nature];
}

export function buildRelationInsight(a: InsightPerson, b: InsightPerson): RelationInsightContent {
  const inter = computeSynastryAspects(a.chart, b.chart);
  const { indexes } = computeSynastryIndexes(inter, computeCompositeChart(a.chart, b.chart));
  const relating = inter.filter(isRelating).sort(byTightness);

  const strengths = relating
    .filter(isFlowing)
    .slice(0, POINT_LIMIT)
    .map((aspect) => describePoint(aspect, a, b, flowText(aspect.type)));
  const challenges = relating
    .filter((aspect) => !isFlowing(aspect))
    .slice(0, POINT_LIMIT)
    .map((aspect) => describePoint(aspect, a, b, tensionText(aspect.type)));

  const bands = {
    attraction: indexBand(indexes.attraction),
    harmony: indexBand(indexes.harmony),
    stability: indexBand(indexes.stability),
  };
  const tips: string[] = [];
  for (const tip of [pickTip(relating, 'mercury', MERCURY_TIPS), pickTip(relating, 'moon', MOON_TIPS)]) {
    if (tip !== null) tips.push(tip);
  }
  for (const key of ['harmony', 'stability', 'attraction'] as const) {
    if (tips.length >= COMMUNICATION_TIP_COUNT) break;
    tips.push(BAND_TIPS[key][bands[key]]);
  }

  const keys = ['attraction', 'harmony', 'stability'] as const;
  return {
    headline: keys.map((key) => `${INDEX_LABELS[key]}${BAND_WORDS[bands[key]]}`).join('，'),
    summary:
      `${a.displayName}与${b.displayName}：` +
      keys.map((key) => INDEX_SUMMARY[key][bands[key]]).join('') +
      '以上来自两人星盘的相位比较，是帮助彼此理解的视角，而不是对关系的判定。',
    indexes,
    strengths,
    challenges,
    communicationTips: tips,
  };
}
