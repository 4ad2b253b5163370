import { buildQuestions, type ScaleInstrument, type ScaleOption } from './scale-instrument.ts';

const FREQUENCY_OPTIONS: readonly ScaleOption[] = [
  { key: 'not_at_all', text: '完全不会', value: 0 },
  { key: 'several_days', text: '几天', value: 1 },
  { key: 'more_than_half', text: '一半以上的日子', value: 2 },
  { key: 'nearly_every_day', text: '几乎每天', value: 3 },
];

export const GAD7: ScaleInstrument = {
  slug: 'gad7',
  title: 'GAD-7 焦虑症状自评',
  description:
    '广泛性焦虑量表（GAD-7）共 7 题，了解最近两周紧张、担忧等焦虑相关症状的程度。结果只用于自我了解和筛查，不能代替专业诊断。',
  instructions: '在过去两个星期，有多少时候您受到以下任何问题所困扰？请为每一题选择最符合的一项。',
  source: {
    citation:
      'Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Arch Intern Med. 2006;166(10):1092-1097.',
    chineseVersion: 'Pfizer 官方简体中文版 GAD-7（phqscreeners.com 提供的中国大陆译本）。',
    license:
      'GAD-7 由 Spitzer、Williams、Kroenke 等在 Pfizer 资助下编制；版权声明为复制、翻译、展示或分发均无需授权（"No permission required to reproduce, translate, display or distribute"）。',
    scoring:
      '7 项各计 0–3 分，总分 0–21；0–4 无或极轻微，5–9 轻度，10–14 中度，15–21 重度（Spitzer 等 2006）。',
  },
  questions: buildQuestions(
    [
      '感觉紧张，焦虑或急切',
      '不能够停止或控制担忧',
      '对各种各样的事情担忧过多',
      '很难放松下来',
      '由于不安而无法静坐',
      '变得容易烦恼或急躁',
      '感到似乎将有可怕的事情发生而害怕',
    ],
    FREQUENCY_OPTIONS,
  ),
  scoring: { method: 'sum', minScore: 0, maxScore: 21 },
  bands: [
    {
      key: 'minimal',
      label: '无明显焦虑症状',
      min: 0,
      max: 4,
      interpretation:
        '你最近两周的焦虑相关困扰很少。继续保持现在的节奏，适度运动和充足睡眠有助于维持平稳的状态。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'mild',
      label: '轻度焦虑症状',
      min: 5,
      max: 9,
      interpretation:
        '你最近两周有一些紧张或担忧，程度较轻。可以试试规律运动、放慢呼吸或把担心的事写下来，留意变化，过两周再测一次。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'moderate',
      label: '中度焦虑症状',
      min: 10,
      max: 14,
      interpretation:
        '你最近两周的焦虑困扰较为明显，可能已经影响到专注、睡眠或日常生活。这只是一次自评筛查，不等于诊断，建议找心理咨询师或精神科医生等专业人士做进一步评估。',
      suggestsProfessionalHelp: true,
    },
    {
      key: 'severe',
      label: '重度焦虑症状',
      min: 15,
      max: 21,
      interpretation:
        '你最近两周承受着明显的焦虑困扰。建议尽快寻求精神科医生或心理健康专业人士的帮助；这份自评不是诊断，但它提示你值得得到及时的支持。',
      suggestsProfessionalHelp: true,
    },
  ],
};
