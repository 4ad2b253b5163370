import type { KnowledgeSource } from '../reply-engine.types.ts';

/** Knowledge sources of the seed chunks: all written for this product by its own team. */
export const SEED_KNOWLEDGE_SOURCES: readonly KnowledgeSource[] = [
  {
    id: 'ks-emotion-regulation',
    name: '情绪调节基础',
    description: '认知行为疗法基础、情绪识别与调节、自我关怀和求助时机。',
    enabled: true,
  },
  {
    id: 'ks-relation-communication',
    name: '关系沟通',
    description: '伴侣、家人与朋友之间的沟通、冲突处理、边界与依恋。',
    enabled: true,
  },
  {
    id: 'ks-career-decisions',
    name: '职业选择与发展',
    description: '职业决策、求职、职场沟通、倦怠与学业规划。',
    enabled: true,
  },
  {
    id: 'ks-self-growth',
    name: '自我成长与习惯',
    description: '习惯养成、拖延、目标、自信与自我认识。',
    enabled: true,
  },
  {
    id: 'ks-life-rhythm',
    name: '生活节律与身心照顾',
    description: '睡眠、运动、饮食、作息、独处与生活转变。',
    enabled: true,
  },
  {
    id: 'ks-astrology-reflection',
    name: '星盘自我觉察',
    description: '把星盘当作自我觉察的视角：太阳、月亮、上升、行运与合盘，不做预测。',
    enabled: true,
  },
];
