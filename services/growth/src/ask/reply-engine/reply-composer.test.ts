import { describe, expect, it } from 'vitest';

import { buildKnowledgeIndex } from './knowledge-index.ts';
import { composeReply, MAX_REPLY_CHARS, MIN_REPLY_CHARS } from './reply-composer.ts';
import type { ComposeReplyInput } from './reply-composer.ts';
import type { ChartFacts } from './reply-engine.types.ts';
import { SEED_KNOWLEDGE_CHUNKS } from './seed/knowledge-seed.ts';
import { SEED_SYSTEM_PROMPTS } from './seed/system-prompts.ts';

const index = buildKnowledgeIndex(SEED_KNOWLEDGE_CHUNKS);
const chart: ChartFacts = {
  sun: { sign: '白羊座' },
  moon: { sign: '巨蟹' },
  ascendant: { sign: '天秤座' },
  transits: [{ transiting: 'saturn', natal: 'sun', type: 'square' }],
};
const base = { profile: { displayName: '小林' }, index, prompts: SEED_SYSTEM_PROMPTS } as const;
const compose = (overrides: Partial<ComposeReplyInput> & Pick<ComposeReplyInput, 'question'>) =>
  composeReply({ ...base, ...overrides });
const length = (text: string): number => [...text].length;

const QUESTIONS = [
  '你好',
  '谢谢你',
  '最近总是失眠，躺在床上翻来覆去睡不着怎么办',
  '和男朋友吵架了，他一直冷战不理我',
  '要不要裸辞？工作太累了',
  '我总是拖延，怎么才能自律',
  '上升星座代表什么',
  '水逆期间我会不会倒霉',
  '今天股票会涨吗',
  '我很焦虑，可以自己停药吗',
  '梦到考试迟到是什么意思',
  '我该怎么办',
  '分手三个月了还是忍不住去看他的朋友圈，我是不是很没出息',
];

describe('composeReply', () => {
  it.each(QUESTIONS)('writes a Chinese reply of %s within the length bounds', (question) => {
    const reply = compose({ question, chartFacts: chart });
    expect(length(reply.content)).toBeGreaterThanOrEqual(MIN_REPLY_CHARS);
    expect(length(reply.content)).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(reply.content).toMatch(/\p{Script=Han}/u);
    expect(reply.content).not.toMatch(/\{\{|\{name\}|\{topic\}|undefined|null/);
    expect(reply.content).toMatch(/[？?。]$/u);
  });

  it('is deterministic for the same input', () => {
    const input = {
      question: '和男朋友吵架了，他一直冷战不理我',
      scene: 'relation',
      chartFacts: chart,
    } as const;
    expect(compose(input)).toEqual(compose(input));
  });

  it('weaves retrieved knowledge and cites exactly the chunks it used', () => {
    const reply = compose({ question: '最近总是失眠，躺在床上翻来覆去睡不着怎么办', scene: 'emotion' });
    expect(reply.intent).toBe('emotion_support');
    expect(reply.citations.length).toBeGreaterThanOrEqual(1);
    expect(reply.citations.length).toBeLessThanOrEqual(3);
    expect(reply.citations.map((citation) => citation.chunk_id)).toContain('kc-life-003');
    for (const citation of reply.citations) {
      const chunk = SEED_KNOWLEDGE_CHUNKS.find((candidate) => candidate.id === citation.chunk_id);
      expect(chunk?.title).toBe(citation.title);
      const firstSentence = chunk?.content.split(/[。！？]/u)[0] ?? '';
      expect(reply.content).toContain(firstSentence.slice(0, 12));
    }
  });

  it('is specific to the person and the question', () => {
    const reply = compose({ question: '和男朋友吵架了，他一直冷战不理我', scene: 'relation' });
    expect(reply.content).toContain('小林');
    expect(reply.content).toContain('冷战');
    const anonymous = composeReply({
      ...base,
      profile: { displayName: null },
      question: '和男朋友吵架了，他一直冷战不理我',
    });
    expect(anonymous.content.startsWith('，')).toBe(false);
    expect(anonymous.content).not.toContain('小林');
  });

  it('adds chart facts for self, relation and astrology questions only', () => {
    const self = compose({ question: '我总是拖延，怎么才能自律', chartFacts: chart });
    expect(self.used_chart_facts).toBe(true);
    expect(self.content).toContain('白羊座');
    const relation = compose({ question: '和男朋友吵架了，他一直冷战不理我', chartFacts: chart });
    expect(relation.used_chart_facts).toBe(true);
    expect(relation.content).toContain('月亮在巨蟹座');
    const career = compose({ question: '要不要裸辞？工作太累了', chartFacts: chart });
    expect(career.used_chart_facts).toBe(false);
    expect(career.content).not.toContain('白羊');
    expect(compose({ question: '上升星座代表什么' }).used_chart_facts).toBe(false);
  });

  it('frames astrology as reflection, not prediction', () => {
    const reply = compose({ question: '星盘显示我什么时候会遇到真爱', chartFacts: chart });
    expect(reply.intent).toBe('astrology_question');
    expect(reply.content).toMatch(/没办法预测|不是预言|不是对结果的预言/u);
  });

  it('sends medication questions to a doctor', () => {
    expect(compose({ question: '我很焦虑，可以自己停药吗' }).content).toContain('医生');
  });

  it('answers greetings, thanks and out-of-scope questions without citations', () => {
    for (const question of ['你好', '谢谢你', '今天股票会涨吗'])
      expect(compose({ question }).citations).toEqual([]);
  });

  it('uses the history: a short follow-up searches with the previous question', () => {
    const history = [
      { role: 'user', content: '我最近工作压力很大，总是焦虑' },
      { role: 'assistant', content: '……' },
    ] as const;
    const reply = compose({ question: '那怎么办呢', scene: 'emotion', history });
    expect(reply.citations.length).toBeGreaterThan(0);
    expect(reply.content).toContain('接着你刚才说的');
  });

  it('does not repeat a point it already made in the thread', () => {
    const first = compose({ question: '最近总是失眠，躺在床上翻来覆去睡不着怎么办', scene: 'life' });
    const second = compose({
      question: '最近总是失眠，躺在床上翻来覆去睡不着怎么办',
      scene: 'life',
      history: [
        { role: 'user', content: '最近总是失眠，躺在床上翻来覆去睡不着怎么办' },
        { role: 'assistant', content: first.content },
      ],
    });
    expect(second.citations[0]?.chunk_id).not.toBe(first.citations[0]?.chunk_id);
    expect(second.content).toContain('你又一次提到');
  });

  it('renders the scene prompt and uses operator opening and closing lines', () => {
    const plain = compose({ question: '我总是拖延，怎么才能自律', chartFacts: chart });
    expect(plain.prompt_id).toBe('sp-self');
    expect(plain.system_prompt).toContain('小林');
    expect(plain.system_prompt).toContain('白羊座');
    expect(plain.system_prompt).not.toContain('{{');

    const custom = composeReply({
      ...base,
      question: '我总是拖延，怎么才能自律',
      prompts: [
        {
          id: 'sp-custom',
          scene: 'self',
          template:
            '你是陪伴者。\n开场：{{display_name}}，先给你一个拥抱。\n收尾：说说你打算先做哪一件小事吧？',
          enabled: true,
        },
      ],
    });
    expect(custom.prompt_id).toBe('sp-custom');
    expect(custom.system_prompt).toBe('你是陪伴者。');
    expect(custom.content.startsWith('小林，先给你一个拥抱。')).toBe(true);
    expect(custom.content.endsWith('说说你打算先做哪一件小事吧？')).toBe(true);
  });

  it('still answers when the knowledge base is empty', () => {
    const reply = composeReply({ ...base, index: buildKnowledgeIndex([]), question: '最近很焦虑' });
    expect(reply.citations).toEqual([]);
    expect(length(reply.content)).toBeGreaterThanOrEqual(MIN_REPLY_CHARS);
  });
});
