import type { KnowledgeChunk } from '../reply-engine.types.ts';
import { KNOWLEDGE_CAREER } from './knowledge-career.ts';
import { KNOWLEDGE_EMOTION } from './knowledge-emotion.ts';
import { KNOWLEDGE_LIFE } from './knowledge-life.ts';
import { KNOWLEDGE_RELATION } from './knowledge-relation.ts';
import { KNOWLEDGE_SELF } from './knowledge-self.ts';

/** Every seed knowledge chunk, all scenes. */
export const SEED_KNOWLEDGE_CHUNKS: readonly KnowledgeChunk[] = [
  ...KNOWLEDGE_SELF,
  ...KNOWLEDGE_RELATION,
  ...KNOWLEDGE_CAREER,
  ...KNOWLEDGE_EMOTION,
  ...KNOWLEDGE_LIFE,
];
