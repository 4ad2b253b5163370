import { buildQuestions, type ScaleInstrument, type ScaleOption } from './scale-instrument.ts';

const FREQUENCY_OPTIONS: readonly ScaleOption[] = [
  { key: 'never', text: '从不', value: 0 },
  { key: 'almost_never', text: '偶尔', value: 1 },
  { key: 'sometimes', text: '有时', value: 2 },
  { key: 'fairly_often', text: '时常', value: 3 },
  { key: 'very_often', text: '总是', value: 4 },
];

export const PSS10: ScaleInstrument = {
  slug: 'pss10',
  title: '知觉压力量表（PSS-10）',
  description:
    '知觉压力量表 10 题版，了解最近一个月你觉得生活有多难以预料、难以掌控和负担过重。结果反映的是主观压力感受，不是诊断。',
  instructions: '以下问题询问你在最近一个月内的感受和想法。请针对每一题，选出这种感受或想法出现的频率。',
  source: {
    citation:
      'Cohen S, Kamarck T, Mermelstein R. A global measure of perceived stress. J Health Soc Behav. 1983;24(4):385-396; Cohen S, Williamson G. Perceived stress in a probability sample of the United States. 1988（10 题版）。',
    chineseVersion:
      '措辞参照中文版知觉压力量表（杨廷忠、黄汉腾，2003，中华流行病学杂志）的常用译法，按英文 PSS-10 的题目与顺序整理。',
    license:
      'Cohen 的实验室声明：学术研究与教学用途使用 PSS 无需申请授权。用于商业产品前应向版权方确认授权条件。',
    scoring:
      '10 项各计 0–4 分，第 4、5、7、8 题反向计分（0↔4），总分 0–40。0–13 压力较低，14–26 中等压力，27–40 压力较高：这是广泛使用的分段惯例（Cohen 本人未发布临界分）。',
  },
  questions: buildQuestions(
    [
      '因为一些意想不到的事情发生而感到心烦意乱',
      '感到无法掌控自己生活中重要的事情',
      '感到紧张不安、有压力',
      { prompt: '对自己处理个人问题的能力感到有信心', reverse: true },
      { prompt: '感到事情正按照你的意愿发展', reverse: true },
      '发现自己无法应付所有必须做的事情',
      { prompt: '能够控制生活中令你烦躁的事情', reverse: true },
      { prompt: '觉得自己能够驾驭各种事情', reverse: true },
      '因为一些超出自己控制范围的事情而生气',
      '感到困难堆积如山，自己无法克服',
    ],
    FREQUENCY_OPTIONS,
  ),
  scoring: { method: 'sum', minScore: 0, maxScore: 40 },
  bands: [
    {
      key: 'low',
      label: '压力较低',
      min: 0,
      max: 13,
      interpretation:
        '你最近一个月感受到的压力较低，整体能够应对生活中的各种事情。继续保持让你感到放松和有掌控感的习惯。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'moderate',
      label: '中等压力',
      min: 14,
      max: 26,
      interpretation:
        '你最近一个月感受到中等程度的压力，这在忙碌的生活中很常见。可以留意压力主要来自哪里，并通过规律运动、充足睡眠以及和信任的人聊聊来帮助自己减压。',
      suggestsProfessionalHelp: false,
    },
    {
      key: 'high',
      label: '压力较高',
      min: 27,
      max: 40,
      interpretation:
        '你最近一个月感受到的压力较高，可能觉得很多事情难以掌控。建议适当减轻负担，并考虑和心理咨询师等专业人士聊一聊压力的来源与应对方式；这份自评不是诊断。',
      suggestsProfessionalHelp: true,
    },
  ],
};
