import { describe, expect, it } from 'vitest';

import { classifyIntent } from './intent-classifier.ts';

describe('classifyIntent', () => {
  it.each([
    ['你好', 'greeting'],
    ['在吗？', 'greeting'],
    ['谢谢你，很有帮助', 'thanks'],
    ['和男朋友吵架了，他一直冷战', 'relationship_conflict'],
    ['要不要辞职去考研', 'career_choice'],
    ['最近很焦虑，晚上睡不着', 'emotion_support'],
    ['怎么才能不拖延，变得更自律', 'self_growth'],
    ['上升星座代表什么', 'astrology_question'],
    ['水逆期间适合做决定吗', 'astrology_question'],
    ['梦到掉牙是什么意思', 'ask_meaning'],
    ['我该怎么办', 'ask_advice'],
    ['今天股票会涨吗', 'out_of_scope'],
    ['帮我写代码', 'out_of_scope'],
  ] as const)('%s → %s', (question, intent) => {
    expect(classifyIntent(question).intent).toBe(intent);
  });

  it('maps topics to scenes and lets a clear topic override the thread scene', () => {
    expect(classifyIntent('和室友矛盾很大', 'career').scene).toBe('relation');
    expect(classifyIntent('最近压力很大', null).scene).toBe('emotion');
    expect(classifyIntent('我该怎么办', 'career').scene).toBe('career');
    expect(classifyIntent('我该怎么办').scene).toBe('life');
  });

  it('keeps a personal question personal even if it mentions an out-of-scope word', () => {
    expect(classifyIntent('工作压力太大了，天天想着炒股翻身').intent).not.toBe('out_of_scope');
  });

  it('understands traditional characters', () => {
    expect(classifyIntent('和男朋友吵架了怎麼辦').intent).toBe('relationship_conflict');
  });

  it('flags medication and prediction questions', () => {
    expect(classifyIntent('抗抑郁药可以自己停吗').medical).toBe(true);
    expect(classifyIntent('星盘显示我什么时候会遇到真爱').predictive).toBe(true);
  });
});
