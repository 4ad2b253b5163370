import { describe, expect, it } from 'vitest';

import { ASK_SCENES } from '../reply-engine.types.ts';
import { SEED_KNOWLEDGE_SOURCES } from './knowledge-sources.ts';
import { SEED_KNOWLEDGE_CHUNKS } from './knowledge-seed.ts';
import { SEED_SYSTEM_PROMPTS } from './system-prompts.ts';

const MIN_CHUNKS = 200;
const MIN_PER_SCENE = 35;
const MIN_CHARS = 80;
const MAX_CHARS = 250;

describe('seed knowledge', () => {
  it(`has at least ${MIN_CHUNKS} chunks and ${MIN_PER_SCENE} per scene`, () => {
    expect(SEED_KNOWLEDGE_CHUNKS.length).toBeGreaterThanOrEqual(MIN_CHUNKS);
    for (const scene of ASK_SCENES) {
      expect(SEED_KNOWLEDGE_CHUNKS.filter((chunk) => chunk.scene === scene).length).toBeGreaterThanOrEqual(
        MIN_PER_SCENE,
      );
    }
  });

  it('has unique ids, known sources, titles and tags', () => {
    expect(new Set(SEED_KNOWLEDGE_CHUNKS.map((chunk) => chunk.id)).size).toBe(SEED_KNOWLEDGE_CHUNKS.length);
    const sources = new Set(SEED_KNOWLEDGE_SOURCES.map((source) => source.id));
    for (const chunk of SEED_KNOWLEDGE_CHUNKS) {
      expect(sources.has(chunk.source_id)).toBe(true);
      expect(chunk.title.length).toBeGreaterThan(0);
      expect(chunk.tags.length).toBeGreaterThan(0);
    }
  });

  it(`keeps every chunk between ${MIN_CHARS} and ${MAX_CHARS} characters of simplified Chinese`, () => {
    for (const chunk of SEED_KNOWLEDGE_CHUNKS) {
      const length = [...chunk.content].length;
      expect(length, chunk.id).toBeGreaterThanOrEqual(MIN_CHARS);
      expect(length, chunk.id).toBeLessThanOrEqual(MAX_CHARS);
      // A few traditional-only characters that would betray unconverted text.
      expect(chunk.content, chunk.id).not.toMatch(/[們這個說會讓覺應該麼]/u);
    }
  });

  it('frames astrology as reflection', () => {
    const astrology = SEED_KNOWLEDGE_CHUNKS.filter((chunk) => chunk.source_id === 'ks-astrology-reflection');
    expect(astrology.length).toBeGreaterThanOrEqual(10);
    for (const chunk of astrology) expect(chunk.content, chunk.id).not.toMatch(/注定|一定会发生|必然/u);
  });
});

describe('seed system prompts', () => {
  it('has one enabled template per scene with placeholders', () => {
    for (const scene of ASK_SCENES) {
      const prompts = SEED_SYSTEM_PROMPTS.filter((prompt) => prompt.scene === scene && prompt.enabled);
      expect(prompts).toHaveLength(1);
      expect(prompts[0]?.template).toContain('{{display_name}}');
    }
  });
});
