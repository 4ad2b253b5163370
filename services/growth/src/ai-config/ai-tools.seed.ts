/**
 * Tool definitions a function-calling model may be offered. Each maps to something this service already does, so
 * a backend that executes tool calls has a real handler for it: chart facts (astrology engine on the thread's
 * profile), scale suggestions (the published scales), the solar term (solar-terms), the mood trail (moods) and a
 * human handoff (crisis handoff cases).
 */
export interface AiToolSeed {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

export const SEED_AI_TOOLS: readonly AiToolSeed[] = [
  {
    key: 'tool-get-chart-facts',
    name: 'get_chart_facts',
    description:
      '读取当前会话所绑定档案的星盘要点：太阳、月亮、上升星座，以及今天的主要行运相位。只用于帮助用户自我觉察，不做预测。',
    parameters: {
      type: 'object',
      properties: {
        include_transits: { type: 'boolean', description: '是否包含今天的行运相位', default: true },
      },
      additionalProperties: false,
    },
  },
  {
    key: 'tool-suggest-scale',
    name: 'suggest_scale',
    description:
      '根据用户关心的主题推荐一个已发布的心理测评量表（如 PHQ-9、GAD-7、PSS-10），返回量表标识和标题。',
    parameters: {
      type: 'object',
      properties: {
        topic: {
          type: 'string',
          enum: [
            'mood',
            'anxiety',
            'stress',
            'self_esteem',
            'wellbeing',
            'distress',
            'loneliness',
            'personality',
          ],
          description: '用户关心的主题',
        },
      },
      required: ['topic'],
      additionalProperties: false,
    },
  },
  {
    key: 'tool-get-solar-term',
    name: 'get_solar_term',
    description: '查询指定日期（默认今天，按北京时间）所在的节气、下一个节气及其养生与生活建议。',
    parameters: {
      type: 'object',
      properties: {
        date: { type: 'string', format: 'date', description: '日期，YYYY-MM-DD；省略时为今天' },
      },
      additionalProperties: false,
    },
  },
  {
    key: 'tool-get-mood-trail',
    name: 'get_mood_trail',
    description: '读取用户最近七天的心情记录（每天 1 到 5 分及备注），用于回应情绪变化。',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    key: 'tool-request-human-handoff',
    name: 'request_human_handoff',
    description: '为用户开启人工转接工单，由工作人员跟进。用户明确要求真人帮助，或出现危机信号时使用。',
    parameters: {
      type: 'object',
      properties: {
        reason: { type: 'string', maxLength: 200, description: '转接原因的简短说明' },
      },
      required: ['reason'],
      additionalProperties: false,
    },
  },
];
