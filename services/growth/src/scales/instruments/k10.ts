import { buildQuestions, type ScaleInstrument, type ScaleOption } from './scale-instrument.ts';

const FREQUENCY_OPTIONS: readonly ScaleOption[] = [
  { key: 'none_of_the_time', text: '从不', value: 1 },
  { key: 'a_little_of_the_time', text: '偶尔', value: 2 },
  { key: 'some_of_the_time', text: '有时', value: 3 },
  { key: 'most_of_the_time', text: '大部分时间', value: 4 },
  { key: 'all_of_the_time', text: '一直如此', value: 5 },
];

export const K10: ScaleInstrument = {
  slug: 'k10',
  title: 'Kessler 心理困扰量表（K10）',
  description:
    'Kessler 心理困扰量表共 10 题，了解最近 30 天里焦虑、抑郁相关的非特异性心理困扰程度。结果仅用于自我了解和筛查，不是诊断。',
  instructions: '以下问题询问你在过去 30 天里的感受。请选择每种感受出现的频率：在过去 30 天里，你有多经常……',
  source: {
    citation:
      'Kessler RC, Andrews G, Colpe LJ, et al. Short screening scales to monitor population prevalences and trends in non-specific psychological distress. Psychol Med. 2002;32(6):959-976.',
    chineseVersion:
      '措辞参照 K10 中文版（周成超、楚洁、王婷等，2008，中国临床心理学杂志）的常用译法，按英文原版题序排列。原量表第 3、6 题的跳题规则未使用：每题都作答。',
    license: '哈佛医学院全国共病调查（NCS）网站声明 K10 可免费使用，无需授权。',
    scoring:
      '10 项各计 1–5 分，总分 10–50。10–15 低，16–21 中等，22–29 高，30–50 很高（Andrews & Slade 2001，澳大利亚统计局沿用的分段）。',
  },
  questions: buildQuestions(
    [
      '无缘无故地感到疲惫不堪',
      '感到紧张不安',
      '感到紧张得无论怎样都无法平静下来',
      '感到绝望',
      '感到坐立不安或烦躁',
      '感到烦躁得坐都坐不住',
      '感到情绪低落、沮丧',
      '感到做任何事情都很费力',
      '感到悲伤得什么事都无法让你高兴起来',
      '感到自己毫无价值',
    ],
    FREQUENCY_OPTIONS,
  ),
  scoring: { method: 'sum', minScore: 10, maxScore: 50 },
  bands: [
    {
      key: 'low',
      label: '心理困扰较低',
      min: 10,
      max: 15,
      interpretation: '你最近一个月的心理困扰程度较低。继续保持规律作息和良好的人际联系。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'moderate',
      label: '中等心理困扰',
      min: 16,
      max: 21,
      interpretation:
        '你最近一个月有一定程度的心理困扰，比如疲惫、紧张或情绪低落。可以多关注睡眠、运动和放松，如果困扰持续或加重，考虑向专业人士咨询。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'high',
      label: '较高心理困扰',
      min: 22,
      max: 29,
      interpretation:
        '你最近一个月的心理困扰较高，可能已经影响到日常生活。这只是一次自评筛查，不等于诊断，建议找心理咨询师或医生等专业人士做进一步评估。',
      suggestsProfessionalHelp: true,
    },
    {
      key: 'very_high',
      label: '很高心理困扰',
      min: 30,
      max: 50,
      interpretation:
        '你最近一个月承受着很高的心理困扰。建议尽快寻求医生或心理健康专业人士的帮助，也可以先告诉一位信任的人你的状态；这份自评不是诊断，但值得认真对待。',
      suggestsProfessionalHelp: true,
    },
  ],
};
