import { buildQuestions, type ScaleInstrument, type ScaleOption } from './scale-instrument.ts';

const TIME_SHARE_OPTIONS: readonly ScaleOption[] = [
  { key: 'all_of_the_time', text: '所有时间', value: 5 },
  { key: 'most_of_the_time', text: '大部分时间', value: 4 },
  { key: 'more_than_half', text: '一半以上的时间', value: 3 },
  { key: 'less_than_half', text: '一半以下的时间', value: 2 },
  { key: 'some_of_the_time', text: '偶尔', value: 1 },
  { key: 'at_no_time', text: '从未有过', value: 0 },
];

/** WHO-5 reports the raw sum (0–25) multiplied by 4, as a percentage of the best possible well-being. */
const PERCENT_PER_RAW_POINT = 4;

export const WHO5: ScaleInstrument = {
  slug: 'who5',
  title: 'WHO-5 幸福感指数',
  description:
    '世界卫生组织五项幸福感指数（WHO-5）共 5 题，了解最近两周的情绪、活力与生活兴趣。分数越高表示幸福感越好；结果仅用于自我了解和筛查，不是诊断。',
  instructions: '请针对下面每一句话，选出最接近你在过去两周中感受的一项。',
  source: {
    citation:
      'Psychiatric Research Unit, WHO Collaborating Centre in Mental Health, Frederiksborg General Hospital. WHO (Five) Well-Being Index, 1998 version; Topp CW et al. The WHO-5 Well-Being Index: a systematic review of the literature. Psychother Psychosom. 2015;84(3):167-176.',
    chineseVersion: '措辞参照 WHO-5 官方网站发布的中文版本，按英文原版题序排列。',
    license:
      '发布方（丹麦 Psychiatric Research Unit）声明 WHO-5 可免费使用、无需授权；世界卫生组织 2024 年重新发布的版本采用 CC BY-NC-SA 3.0 IGO 许可（非商业）。用于商业产品前应确认适用的许可。',
    scoring:
      '5 项各计 0–5 分，原始分 0–25，乘以 4 得到百分制 0–100。≤50 提示幸福感偏低，≤28 提示可能存在抑郁、建议进一步评估（Topp 等 2015）。',
  },
  questions: buildQuestions(
    [
      '我感到快乐，心情舒畅',
      '我感到平静和放松',
      '我感到精力充沛，有活力',
      '我醒来时感到神清气爽，休息得很好',
      '我的日常生活中充满了让我感兴趣的事情',
    ],
    TIME_SHARE_OPTIONS,
  ),
  scoring: { method: 'scaled_sum', multiplier: PERCENT_PER_RAW_POINT, minScore: 0, maxScore: 100 },
  bands: [
    {
      key: 'depression_screening',
      label: '幸福感很低',
      min: 0,
      max: 28,
      interpretation:
        '你最近两周的幸福感很低。按照 WHO-5 的使用建议，这个分数提示值得做进一步的抑郁评估；这不等于诊断，建议尽快找精神科医生或心理健康专业人士聊一聊。',
      suggestsProfessionalHelp: true,
    },
    {
      key: 'poor',
      label: '幸福感偏低',
      min: 29,
      max: 50,
      interpretation:
        '你最近两周的幸福感偏低，可能感到疲惫、缺少兴趣或难以放松。可以多安排休息和让你愉快的活动，如果这种状态持续，考虑向专业人士寻求支持。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'good',
      label: '幸福感良好',
      min: 51,
      max: 100,
      interpretation: '你最近两周的幸福感处于较好的水平。继续保持让你感到愉快、平静和有活力的生活方式。',
      suggestsProfessionalHelp: false,
    },
  ],
};
