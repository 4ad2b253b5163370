import { buildQuestions, type ScaleInstrument, type ScaleOption } from './scale-instrument.ts';

const FREQUENCY_OPTIONS: readonly ScaleOption[] = [
  { key: 'hardly_ever', text: '几乎从不', value: 1 },
  { key: 'some_of_the_time', text: '有时', value: 2 },
  { key: 'often', text: '经常', value: 3 },
];

export const UCLA3: ScaleInstrument = {
  slug: 'ucla3',
  title: 'UCLA 孤独感简表（3 题）',
  description:
    'UCLA 孤独感量表的 3 题简版，了解你近来感到缺少陪伴、被冷落或与人隔绝的频率。结果仅用于自我了解，不是诊断。',
  instructions: '下面的问题询问你对生活中某些方面的感受。请选择每种感受出现的频率。',
  source: {
    citation:
      'Hughes ME, Waite LJ, Hawkley LC, Cacioppo JT. A short scale for measuring loneliness in large surveys: results from two population-based studies. Res Aging. 2004;26(6):655-672.（源自 Russell 的 R-UCLA 孤独感量表）',
    chineseVersion: '按英文原题翻译，措辞与 UCLA 孤独感量表中文版的常用表述保持一致。',
    license: '作为研究量表公开发表并被广泛免费使用；用于商业产品前应向作者确认授权条件。',
    scoring:
      '3 项各计 1–3 分，总分 3–9。原作者未发布临界分；3–5 记为较少孤独感、6–9 记为孤独，是后续研究中广泛使用的分段惯例。',
  },
  questions: buildQuestions(
    [
      '你有多经常觉得自己缺少陪伴？',
      '你有多经常觉得自己被冷落、被排除在外？',
      '你有多经常觉得自己与他人隔绝？',
    ],
    FREQUENCY_OPTIONS,
  ),
  scoring: { method: 'sum', minScore: 3, maxScore: 9 },
  bands: [
    {
      key: 'not_lonely',
      label: '较少孤独感',
      min: 3,
      max: 5,
      interpretation:
        '你目前较少感到孤独，和身边的人保持着一定的联系。继续经营那些让你感到被理解、被支持的关系。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'lonely',
      label: '有明显孤独感',
      min: 6,
      max: 9,
      interpretation:
        '你目前有较明显的孤独感，可能常觉得缺少陪伴或与他人有距离。可以从一个小行动开始，比如主动联系一位老朋友或参加一个兴趣小组；如果孤独感长期伴随低落情绪，和心理咨询师等专业人士聊聊也会有帮助。',
      suggestsProfessionalHelp: false,
    },
  ],
};
