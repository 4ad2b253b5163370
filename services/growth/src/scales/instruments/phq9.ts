import { buildQuestions, type ScaleInstrument, type ScaleOption } from './scale-instrument.ts';

const FREQUENCY_OPTIONS: readonly ScaleOption[] = [
  { key: 'not_at_all', text: '完全不会', value: 0 },
  { key: 'several_days', text: '好几天', value: 1 },
  { key: 'more_than_half', text: '一半以上的天数', value: 2 },
  { key: 'nearly_every_day', text: '几乎每天', value: 3 },
];

/** Any answer to item 9 other than "not at all" is a possible risk signal, whatever the total. */
const SELF_HARM_CRISIS_OPTION_KEYS = ['several_days', 'more_than_half', 'nearly_every_day'] as const;

export const PHQ9: ScaleInstrument = {
  slug: 'phq9',
  title: 'PHQ-9 抑郁症状自评',
  description:
    '患者健康问卷抑郁量表（PHQ-9）共 9 题，了解最近两周情绪低落、兴趣减退等抑郁相关症状的程度。结果只用于自我了解和筛查，不能代替专业诊断。',
  instructions: '在过去两个星期，有多少时候您受到以下任何问题所困扰？请为每一题选择最符合的一项。',
  source: {
    citation:
      'Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. J Gen Intern Med. 2001;16(9):606-613.',
    chineseVersion: 'Pfizer 官方简体中文版 PHQ-9（phqscreeners.com 提供的中国大陆译本）。',
    license:
      'PHQ 系列量表由 Spitzer、Williams、Kroenke 等在 Pfizer 资助下编制；版权声明为复制、翻译、展示或分发均无需授权（"No permission required to reproduce, translate, display or distribute"）。',
    scoring:
      '9 项各计 0–3 分，总分 0–27；0–4 无或极轻微，5–9 轻度，10–14 中度，15–19 中重度，20–27 重度（Kroenke 等 2001）。第 9 题选择“完全不会”以外的任一选项即提示需要关注安全，不论总分高低。',
  },
  questions: buildQuestions(
    [
      '做事时提不起劲或没有兴趣',
      '感到心情低落、沮丧或绝望',
      '入睡困难、睡不安稳或睡眠过多',
      '感觉疲倦或没有活力',
      '食欲不振或吃太多',
      '觉得自己很糟——或觉得自己很失败，或让自己或家人失望',
      '对事物专注有困难，例如阅读报纸或看电视时',
      '动作或说话速度缓慢到别人已经察觉？或正好相反——烦躁或坐立不安、动来动去的情况更胜于平常',
      { prompt: '有不如死掉或用某种方式伤害自己的念头', crisisOptionKeys: SELF_HARM_CRISIS_OPTION_KEYS },
    ],
    FREQUENCY_OPTIONS,
  ),
  scoring: { method: 'sum', minScore: 0, maxScore: 27 },
  bands: [
    {
      key: 'minimal',
      label: '无明显抑郁症状',
      min: 0,
      max: 4,
      interpretation:
        '你最近两周的情绪相关困扰很少，整体状态比较平稳。继续保持规律作息和让你感到充实的活动。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'mild',
      label: '轻度抑郁症状',
      min: 5,
      max: 9,
      interpretation:
        '你最近两周有一些情绪低落或精力方面的困扰，程度较轻。可以留意睡眠、运动和社交，给自己安排一些放松和愉快的活动，两周后再测一次看看变化。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'moderate',
      label: '中度抑郁症状',
      min: 10,
      max: 14,
      interpretation:
        '你最近两周的情绪困扰已经比较明显，可能正在影响你的日常生活。这只是一次自评筛查，不等于诊断，建议找心理咨询师或精神科医生等专业人士做进一步评估。',
      suggestsProfessionalHelp: true,
    },
    {
      key: 'moderately_severe',
      label: '中重度抑郁症状',
      min: 15,
      max: 19,
      interpretation:
        '你最近两周的情绪困扰比较严重，很可能已经给工作、学习或生活带来不少影响。建议尽快联系精神科医生或心理咨询师等专业人士做正式评估；这份自评不能代替诊断，但值得认真对待。',
      suggestsProfessionalHelp: true,
    },
    {
      key: 'severe',
      label: '重度抑郁症状',
      min: 20,
      max: 27,
      interpretation:
        '你最近两周承受着非常明显的情绪困扰。请尽快寻求精神科医生或心理健康专业人士的帮助，也可以先告诉一位信任的人你现在的状态；这份自评不是诊断，但它提示你值得得到及时的支持。',
      suggestsProfessionalHelp: true,
    },
  ],
};
