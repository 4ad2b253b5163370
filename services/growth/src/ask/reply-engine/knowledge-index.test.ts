import { describe, expect, it } from 'vitest';

import { buildKnowledgeIndex, computeKnowledgeVersion, retrieve } from './knowledge-index.ts';
import type { KnowledgeChunk } from './reply-engine.types.ts';
import { RETRIEVAL_LABELS } from './retrieval-labels.ts';
import { SEED_KNOWLEDGE_CHUNKS } from './seed/knowledge-seed.ts';

const TOP_K = 3;
const MIN_HIT_RATE = 0.8;

const index = buildKnowledgeIndex(SEED_KNOWLEDGE_CHUNKS);

describe('retrieval quality on the labelled set', () => {
  it(`finds a relevant chunk in the top ${TOP_K} for at least ${MIN_HIT_RATE * 100}% of questions`, () => {
    expect(RETRIEVAL_LABELS.length).toBeGreaterThanOrEqual(20);
    const misses: string[] = [];
    for (const label of RETRIEVAL_LABELS) {
      const top = retrieve(index, label.question, label.scene, TOP_K).map((result) => result.chunk.id);
      if (!top.some((id) => label.relevant.includes(id)))
        misses.push(`${label.question} → ${top.join(', ')}`);
    }
    const hitRate = (RETRIEVAL_LABELS.length - misses.length) / RETRIEVAL_LABELS.length;
    console.warn(
      `retrieval hit@${TOP_K}: ${hitRate.toFixed(3)} (${RETRIEVAL_LABELS.length - misses.length}/${RETRIEVAL_LABELS.length})`,
    );
    if (misses.length > 0) console.warn(`misses:\n${misses.join('\n')}`);
    expect(hitRate).toBeGreaterThanOrEqual(MIN_HIT_RATE);
  });
});

describe('buildKnowledgeIndex', () => {
  const chunk = (
    id: string,
    scene: KnowledgeChunk['scene'],
    title: string,
    content: string,
    enabled = true,
  ): KnowledgeChunk => ({
    id,
    source_id: 'ks-test',
    scene,
    title,
    content,
    tags: [],
    enabled,
  });

  it('indexes only enabled chunks', () => {
    const small = buildKnowledgeIndex([
      chunk('a', 'life', '失眠', '睡不着的时候起床'),
      chunk('b', 'life', '失眠', '失眠', false),
    ]);
    expect(small.size).toBe(1);
    expect(retrieve(small, '失眠', null, 5).map((result) => result.chunk.id)).toEqual(['a']);
  });

  it('has a version that depends on content, not on array order', () => {
    const a = chunk('a', 'life', '标题', '内容一');
    const b = chunk('b', 'self', '标题', '内容二');
    expect(computeKnowledgeVersion([a, b])).toBe(computeKnowledgeVersion([b, a]));
    expect(computeKnowledgeVersion([a, b])).not.toBe(
      computeKnowledgeVersion([a, { ...b, content: '内容三' }]),
    );
  });

  it('boosts the scene without excluding other scenes', () => {
    const pair = buildKnowledgeIndex([
      chunk('career', 'career', '压力', '工作压力很大'),
      chunk('emotion', 'emotion', '压力', '工作压力很大'),
    ]);
    expect(retrieve(pair, '工作压力', 'emotion', 2).map((result) => result.chunk.id)).toEqual([
      'emotion',
      'career',
    ]);
    expect(retrieve(pair, '工作压力', 'career', 2).map((result) => result.chunk.id)).toEqual([
      'career',
      'emotion',
    ]);
  });

  it('returns nothing for an empty index, k = 0 or unrelated text', () => {
    expect(retrieve(buildKnowledgeIndex([]), '失眠', null, 3)).toEqual([]);
    expect(retrieve(index, '失眠', null, 0)).toEqual([]);
    expect(retrieve(index, 'qwzx', null, 3)).toEqual([]);
  });

  it('matches traditional-character questions', () => {
    const top = retrieve(index, '晚上睡不著，翻來覆去', 'life', 3).map((result) => result.chunk.id);
    expect(top).toContain('kc-life-003');
  });
});
