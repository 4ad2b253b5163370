import {
  buildQuestions,
  type ItemDefinition,
  type ScaleDimension,
  type ScaleInstrument,
  type ScaleOption,
  type ScoreBand,
} from './scale-instrument.ts';

const ACCURACY_OPTIONS: readonly ScaleOption[] = [
  { key: 'very_inaccurate', text: '非常不符合', value: 1 },
  { key: 'moderately_inaccurate', text: '比较不符合', value: 2 },
  { key: 'neither', text: '说不清', value: 3 },
  { key: 'moderately_accurate', text: '比较符合', value: 4 },
  { key: 'very_accurate', text: '非常符合', value: 5 },
];

export const IPIP_DIMENSION_KEYS = [
  'extraversion',
  'agreeableness',
  'conscientiousness',
  'emotional_stability',
  'intellect',
] as const;

export type IpipDimensionKey = (typeof IPIP_DIMENSION_KEYS)[number];

const ITEMS_PER_DIMENSION = 10;
const DIMENSION_MIN = ITEMS_PER_DIMENSION * 1;
const DIMENSION_MAX = ITEMS_PER_DIMENSION * 5;
/**
 * IPIP publishes no norms or cut-offs (ipip.ori.org advises local norms). The bands split the
 * 10–50 range by item mean: below 2.5 (mostly "inaccurate") low, above 3.5 (mostly "accurate")
 * high, in between average.
 */
const LOW_MAX = 24;
const HIGH_MIN = 36;

interface DimensionText {
  readonly title: string;
  readonly low: string;
  readonly average: string;
  readonly high: string;
}

const DIMENSION_TEXT: Readonly<Record<IpipDimensionKey, DimensionText>> = {
  extraversion: {
    title: '外向性',
    low: '你偏内向，通常更享受安静或小范围的交流，独处能帮你恢复精力。',
    average: '你在社交上比较灵活，既能享受热闹，也需要独处的时间。',
    high: '你偏外向，喜欢与人交流，在人群中往往更有活力。',
  },
  agreeableness: {
    title: '宜人性',
    low: '你说话做事更直接，重视独立判断，不太会为了迎合他人而改变立场。',
    average: '你能在照顾他人与坚持自己之间取得平衡。',
    high: '你友善、富有同理心，乐于关心和帮助他人。',
  },
  conscientiousness: {
    title: '尽责性',
    low: '你更随性灵活，不喜欢被计划束缚，必要时可以借助清单和提醒来管理任务。',
    average: '你在计划性与灵活性之间比较平衡。',
    high: '你做事有条理、有计划，责任感强，注重细节。',
  },
  emotional_stability: {
    title: '情绪稳定性',
    low: '你对压力和情绪变化比较敏感，情绪起伏可能较多，多照顾自己的情绪会让你更从容。',
    average: '你的情绪稳定性处于中等水平，大多数时候能应对日常压力。',
    high: '你的情绪较为平稳，面对压力时通常能保持冷静。',
  },
  intellect: {
    title: '智力/想象力',
    low: '你更偏好具体、实际的事物，做事讲求实用。',
    average: '你对新想法保持适度的好奇，同时也重视实用。',
    high: '你想象力丰富，喜欢思考抽象的问题和新奇的想法。',
  },
};

function buildDimension(key: IpipDimensionKey): ScaleDimension {
  const text = DIMENSION_TEXT[key];
  const band = (bandKey: 'low' | 'average' | 'high', label: string, min: number, max: number): ScoreBand => ({
    key: bandKey,
    label,
    min,
    max,
    interpretation: text[bandKey],
    suggestsProfessionalHelp: false,
  });
  return {
    key,
    title: text.title,
    minScore: DIMENSION_MIN,
    maxScore: DIMENSION_MAX,
    bands: [
      band('low', '偏低', DIMENSION_MIN, LOW_MAX),
      band('average', '中等', LOW_MAX + 1, HIGH_MIN - 1),
      band('high', '偏高', HIGH_MIN, DIMENSION_MAX),
    ],
  };
}

const E = 'extraversion';
const A = 'agreeableness';
const C = 'conscientiousness';
const ES = 'emotional_stability';
const I = 'intellect';

/**
 * The 50 items in the order and with the keys of ipip.ori.org's "50-item IPIP representation of
 * the Goldberg (1992) markers": items cycle E, A, C, ES, I; `reverse` marks the "−" keyed items.
 */
const ITEMS: readonly ItemDefinition[] = [
  { prompt: '在聚会上我是活跃气氛的人', dimension: E },
  { prompt: '我很少关心别人', dimension: A, reverse: true },
  { prompt: '我总是做好准备', dimension: C },
  { prompt: '我容易感到压力', dimension: ES, reverse: true },
  { prompt: '我的词汇量很丰富', dimension: I },
  { prompt: '我话不多', dimension: E, reverse: true },
  { prompt: '我对人感兴趣', dimension: A },
  { prompt: '我的东西随手乱放', dimension: C, reverse: true },
  { prompt: '我大部分时间都很放松', dimension: ES },
  { prompt: '我难以理解抽象的概念', dimension: I, reverse: true },
  { prompt: '和别人在一起时我感到自在', dimension: E },
  { prompt: '我会出言冒犯别人', dimension: A, reverse: true },
  { prompt: '我注意细节', dimension: C },
  { prompt: '我常为各种事情担心', dimension: ES, reverse: true },
  { prompt: '我的想象力很丰富', dimension: I },
  { prompt: '我习惯待在不显眼的位置', dimension: E, reverse: true },
  { prompt: '我能体会别人的感受', dimension: A },
  { prompt: '我常把事情弄得一团糟', dimension: C, reverse: true },
  { prompt: '我很少感到忧郁', dimension: ES },
  { prompt: '我对抽象的想法不感兴趣', dimension: I, reverse: true },
  { prompt: '我会主动和别人攀谈', dimension: E },
  { prompt: '我对别人的难处不感兴趣', dimension: A, reverse: true },
  { prompt: '我会马上把杂事做完', dimension: C },
  { prompt: '我很容易心烦意乱', dimension: ES, reverse: true },
  { prompt: '我常有很好的点子', dimension: I },
  { prompt: '我没什么话可说', dimension: E, reverse: true },
  { prompt: '我心肠软', dimension: A },
  { prompt: '我常常忘记把东西放回原处', dimension: C, reverse: true },
  { prompt: '我很容易不开心', dimension: ES, reverse: true },
  { prompt: '我的想象力不太好', dimension: I, reverse: true },
  { prompt: '在聚会上我会和很多不同的人交谈', dimension: E },
  { prompt: '我对别人并不真正感兴趣', dimension: A, reverse: true },
  { prompt: '我喜欢井然有序', dimension: C },
  { prompt: '我的心情经常变化', dimension: ES, reverse: true },
  { prompt: '我理解事情很快', dimension: I },
  { prompt: '我不喜欢引人注意', dimension: E, reverse: true },
  { prompt: '我会抽出时间陪伴和帮助别人', dimension: A },
  { prompt: '我会逃避自己的责任', dimension: C, reverse: true },
  { prompt: '我的情绪常常大起大落', dimension: ES, reverse: true },
  { prompt: '我会使用难懂的词语', dimension: I },
  { prompt: '我不介意成为众人关注的焦点', dimension: E },
  { prompt: '我能感受到别人的情绪', dimension: A },
  { prompt: '我按照计划安排做事', dimension: C },
  { prompt: '我很容易被激怒', dimension: ES, reverse: true },
  { prompt: '我会花时间反思各种事情', dimension: I },
  { prompt: '在陌生人面前我很安静', dimension: E, reverse: true },
  { prompt: '我能让别人感到自在', dimension: A },
  { prompt: '我对工作要求严格', dimension: C },
  { prompt: '我经常感到忧郁', dimension: ES, reverse: true },
  { prompt: '我的脑子里总有很多想法', dimension: I },
];

export const IPIP50: ScaleInstrument = {
  slug: 'ipip50',
  title: '大五人格测验（IPIP-50）',
  description:
    '国际人格题库（IPIP）大五人格因素标记 50 题版，从外向性、宜人性、尽责性、情绪稳定性和智力/想象力五个维度描述你的性格倾向。人格没有好坏之分，结果仅用于自我了解。',
  instructions:
    '请按照你现在通常的样子描述自己，而不是你希望将来成为的样子。请与你认识的同性别、年龄相仿的人相比，如实描述你眼中的自己，并选择每句话在多大程度上符合你。',
  source: {
    citation:
      'Goldberg LR. The development of markers for the Big-Five factor structure. Psychol Assess. 1992;4(1):26-42; International Personality Item Pool, "50-item IPIP representation of the Goldberg (1992) markers", ipip.ori.org.',
    chineseVersion:
      '本项目依据 ipip.ori.org 的英文题目翻译为简体中文，未逐字沿用某一已发表的中文版；上线前宜与已发表的中文版本核对措辞。',
    license: 'IPIP 题目属于公有领域（public domain），可用于任何目的，包括商业用途，无需授权。',
    scoring:
      '每题 1–5 分，“−”题反向计分（6 − 原分）；每个维度 10 题求和，得分 10–50。IPIP 不提供常模或临界分：这里按题均分划分，10–24（题均低于 2.5）偏低，25–35 中等，36–50（题均高于 3.5）偏高。总分为全部 50 题之和（50–250），仅为统一结果格式而给出，本身不作解释。',
  },
  questions: buildQuestions(ITEMS, ACCURACY_OPTIONS),
  scoring: {
    method: 'dimension_sums',
    minScore: DIMENSION_MIN * IPIP_DIMENSION_KEYS.length,
    maxScore: DIMENSION_MAX * IPIP_DIMENSION_KEYS.length,
    dimensions: IPIP_DIMENSION_KEYS.map(buildDimension),
  },
  bands: [
    {
      key: 'profile',
      label: '大五人格剖面',
      min: DIMENSION_MIN * IPIP_DIMENSION_KEYS.length,
      max: DIMENSION_MAX * IPIP_DIMENSION_KEYS.length,
      interpretation:
        '大五人格描述的是相对稳定的行为倾向，各个维度都没有好坏之分。结果仅供自我了解，请结合各维度的得分和说明来阅读。',
      suggestsProfessionalHelp: false,
    },
  ],
};
