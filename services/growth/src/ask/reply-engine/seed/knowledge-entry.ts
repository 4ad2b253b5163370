import type { AskScene, KnowledgeChunk } from '../reply-engine.types.ts';

/** How seed files write a chunk: the scene and the usual source are filled in by defineChunks. */
export interface KnowledgeEntry {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly content: string;
  /** Overrides the file's default source (astrology chunks live beside the scene they serve). */
  readonly source_id?: string;
}

export function defineChunks(
  scene: AskScene,
  defaultSourceId: string,
  entries: readonly KnowledgeEntry[],
): KnowledgeChunk[] {
  return entries.map((entry) => ({
    id: entry.id,
    source_id: entry.source_id ?? defaultSourceId,
    scene,
    title: entry.title,
    content: entry.content,
    tags: entry.tags,
    enabled: true,
  }));
}
