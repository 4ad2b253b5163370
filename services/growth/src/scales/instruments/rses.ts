import { buildQuestions, type ScaleInstrument, type ScaleOption } from './scale-instrument.ts';

const AGREEMENT_OPTIONS: readonly ScaleOption[] = [
  { key: 'strongly_agree', text: '非常同意', value: 3 },
  { key: 'agree', text: '同意', value: 2 },
  { key: 'disagree', text: '不同意', value: 1 },
  { key: 'strongly_disagree', text: '非常不同意', value: 0 },
];

export const RSES: ScaleInstrument = {
  slug: 'rses',
  title: 'Rosenberg 自尊量表',
  description:
    'Rosenberg 自尊量表共 10 题，了解你对自己整体价值的看法和接纳程度。结果仅用于自我了解，没有好坏之分。',
  instructions: '下面是一些关于你如何看待自己的描述。请根据你的真实感受，选择你对每句话的同意程度。',
  source: {
    citation: 'Rosenberg M. Society and the Adolescent Self-Image. Princeton University Press; 1965.',
    chineseVersion:
      '措辞参照中文版自尊量表（季益富、于欣，1993，《心理卫生评定量表手册》），按马里兰大学发布的原版题序排列。第 8 题按英文原意译为“我希望我能更尊重自己一些”，没有沿用中文版中“为自己赢得更多尊重”的译法：后者偏离原意，国内已有研究讨论该题在中国样本中的反向计分问题。',
    license: '马里兰大学社会学系（量表发布方）声明：可无需明确授权使用，作者家属希望被告知使用情况。',
    scoring:
      '采用马里兰大学发布的计分惯例：非常同意 3、同意 2、不同意 1、非常不同意 0；第 2、5、6、8、9 题反向计分，总分 0–30。15–25 为正常范围，低于 15 提示自尊偏低，26–30 记为较高。',
  },
  questions: buildQuestions(
    [
      '总的来说，我对自己是满意的',
      { prompt: '有时我觉得自己一无是处', reverse: true },
      '我觉得自己有许多好的品质',
      '我能像大多数人一样把事情做好',
      { prompt: '我觉得自己值得自豪的地方不多', reverse: true },
      { prompt: '有时我确实感到自己毫无用处', reverse: true },
      '我觉得自己是一个有价值的人，至少与其他人在同一水平上',
      { prompt: '我希望我能更尊重自己一些', reverse: true },
      { prompt: '归根到底，我倾向于觉得自己是一个失败者', reverse: true },
      '我对自己持肯定的态度',
    ],
    AGREEMENT_OPTIONS,
  ),
  scoring: { method: 'sum', minScore: 0, maxScore: 30 },
  bands: [
    {
      key: 'low',
      label: '自尊偏低',
      min: 0,
      max: 14,
      interpretation:
        '你目前对自己的评价偏低，可能常常怀疑自己的价值。这只是一次自评，并不代表你真正的价值；如果这种感受长期困扰你，和心理咨询师等专业人士聊一聊会有帮助。',
      suggestsProfessionalHelp: true,
    },
    {
      key: 'normal',
      label: '正常范围',
      min: 15,
      max: 25,
      interpretation:
        '你对自己的评价处在常见的正常范围内，既能看到自己的优点，也能接受自己的不足。可以继续留意那些让你感到有能力、有价值的经历。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'high',
      label: '自尊较高',
      min: 26,
      max: 30,
      interpretation:
        '你对自己的整体评价较高，能够肯定自己的价值。在保持这份自我接纳的同时，也可以继续倾听他人的反馈，让自我认识更全面。',
      suggestsProfessionalHelp: false,
    },
  ],
};
