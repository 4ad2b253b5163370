import { describe, expect, it } from 'vitest';

import { compileCrisisPolicies, detectCrisis } from './crisis-detector.ts';
import type { CrisisPolicy } from './crisis-detector.ts';
import { buildCrisisReply, buildThirdPartyConcernReply } from './crisis-reply.ts';
import { SEED_CRISIS_MARKERS, SEED_CRISIS_POLICIES } from './seed/crisis-policies.seed.ts';

const compiled = compileCrisisPolicies(SEED_CRISIS_POLICIES, SEED_CRISIS_MARKERS);
const assess = (text: string) => detectCrisis(compiled, text);

describe('seed crisis policies', () => {
  it('compile without issues', () => {
    expect(compiled.issues).toEqual([]);
  });
});

describe('first-person risk by tier', () => {
  it.each([
    '我想死',
    '我真的不想活了',
    '活着没意思',
    '感觉活着没有意义，好想消失',
    '有时候觉得死了算了',
    '我想自殺',
    '我 想 自 杀',
    '我想自😭杀',
    '我又自残了',
    '和男朋友吵架了，想死',
    '工作让我想死',
    '他让我想死',
    '我跟我妈说我想死',
    '我再也不想活了',
    '没有人在乎我，想死',
    '我特别特别想死',
  ])('ideation: %s', (text) => {
    const result = assess(text);
    expect(result).toMatchObject({
      isCrisis: true,
      firstPerson: true,
      outcome: 'first_person_risk',
      tier: 'ideation',
    });
    expect(result.policyId).not.toBeNull();
  });

  it.each(['我打算跳楼', '我已经写好了遗书', '我查了致死量', '我准备这周末烧炭', '我要去跳河', '我会割腕的'])(
    'plan or more: %s',
    (text) => {
      const result = assess(text);
      expect(result.isCrisis).toBe(true);
      expect(['plan', 'imminent']).toContain(result.tier);
    },
  );

  it('plan: a plan verb followed by a method', () => {
    expect(assess('我计划吃安眠药').tier).toBe('plan');
  });

  it.each([
    '我囤了很多药',
    '我买了安眠药',
    '我现在站在天台上',
    '我已经准备好安眠药了',
    '绳子我都准备好了，刀片也藏好了',
  ])('means: %s', (text) => {
    expect(assess(text)).toMatchObject({ isCrisis: true, tier: 'means' });
  });

  it.each([
    ['ideation with means', '我站在楼顶，不想活了'],
    ['means with a time frame', '我买了安眠药，今晚就吃'],
    ['plan with a time frame', '我打算明天跳楼'],
    ['ideation, plan and means', '遗书写好了，药也准备好了，今晚就去死'],
    ['an act under way', '我已经吞了一整瓶安眠药'],
    ['a stated method with a time frame', '我不想活了，今晚就去跳楼'],
    ['a stated method tonight', '今晚就去跳楼'],
    ['prepared means with a time frame', '我已经准备好安眠药了，今晚就吃'],
  ])('imminent: %s', (_label, text) => {
    expect(assess(text)).toMatchObject({ isCrisis: true, tier: 'imminent' });
  });

  it('escalates ideation with a time frame to plan', () => {
    expect(assess('我今晚就想死').tier).toBe('plan');
  });

  it('reports matched cues with original offsets', () => {
    const text = '其实我想·死';
    const result = assess(text);
    const cue = result.matchedCues[0];
    expect(cue).toMatchObject({ tier: 'ideation', stance: 'first_person', matchedText: '想·死' });
    expect(text.slice(cue?.start, cue?.end)).toBe('想·死');
  });
});

describe('not first-person risk', () => {
  it.each([
    '我朋友说他想死',
    '我朋友最近很不好，总说想死',
    '室友跟我说她不想活了，我该怎么办',
    '如何帮助想自杀的朋友',
    '我该怎么劝一个想死的人',
    '新闻报道有人跳楼',
    '电影里的人自杀了',
    '这本小说的主角最后自杀了',
    '这首歌的歌词写着：不想活了',
    '我很担心他会自杀',
  ])('third party or media: %s', (text) => {
    const result = assess(text);
    expect(result).toMatchObject({
      isCrisis: false,
      firstPerson: false,
      tier: 'none',
      outcome: 'third_party_concern',
    });
    expect(result.matchedCues.every((cue) => cue.stance === 'third_party' || cue.stance === 'media')).toBe(
      true,
    );
  });

  it('keeps the urgency of a third-party plan', () => {
    expect(assess('我朋友说他今晚就要跳楼').thirdPartyTier).toBe('plan');
    expect(assess('我朋友说他买了安眠药，打算今晚吃').thirdPartyTier).toBe('imminent');
  });

  it.each([
    '我从来没想过自杀',
    '我不会自杀的，放心',
    '我不想死，只是太累了',
    '我决定不自杀了',
    '我以前想过自杀，现在好多了',
  ])('negated or past and resolved: %s', (text) => {
    const result = assess(text);
    expect(result).toMatchObject({ isCrisis: false, tier: 'none', outcome: 'none' });
    expect(result.matchedCues.length).toBeGreaterThan(0);
    expect(
      result.matchedCues.every((cue) => cue.stance === 'negated' || cue.stance === 'past_resolved'),
    ).toBe(true);
  });

  it.each([
    '累死了',
    '笑死我了',
    '热死了',
    '今天饿死了',
    '气死我了',
    '烦死了',
    '吓死我了',
    '好想你，想死你了',
    '这件衣服跳楼价',
    '马上要考试了，紧张死了',
    '今晚吃什么',
  ])('everyday hyperbole and ordinary text: %s', (text) => {
    expect(assess(text)).toMatchObject({ isCrisis: false, tier: 'none', outcome: 'none', matchedCues: [] });
  });

  it('treats a first-person cue as risk even when someone else is also mentioned', () => {
    expect(assess('我朋友自杀了，我也想死').isCrisis).toBe(true);
  });
});

describe('operator-edited policies', () => {
  it('use only enabled policies and report empty cues', () => {
    const policies: CrisisPolicy[] = [
      { id: 'p1', name: 'custom', tier: 'ideation', cues: ['撑不住了', ' ， '], enabled: true },
      { id: 'p2', name: 'off', tier: 'ideation', cues: ['想死'], enabled: false },
    ];
    const custom = compileCrisisPolicies(policies, SEED_CRISIS_MARKERS);
    expect(custom.issues).toHaveLength(1);
    expect(detectCrisis(custom, '我真的撑不住了')).toMatchObject({ isCrisis: true, policyId: 'p1' });
    expect(detectCrisis(custom, '我想死').isCrisis).toBe(false);
  });
});

describe('crisis replies', () => {
  it('name the national and 24-hour lines, emergency numbers and a human handoff', () => {
    const reply = buildCrisisReply({ displayName: '小林', tier: 'imminent' });
    for (const needle of [
      '12356',
      '010-82951332',
      '24小时',
      '962525',
      '400-161-9995',
      '110',
      '120',
      '转接人工',
      '小林',
    ]) {
      expect(reply).toContain(needle);
    }
    expect(buildCrisisReply()).toBe(buildCrisisReply());
  });

  it('guide someone worried about another person', () => {
    const reply = buildThirdPartyConcernReply({ tier: 'plan' });
    for (const needle of ['12356', '110', '120', '转接人工']) expect(reply).toContain(needle);
  });
});
