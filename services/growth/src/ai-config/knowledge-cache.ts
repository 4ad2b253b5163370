import type { CatalogVersions } from '../ask/catalog-versions.ts';
import { VersionedBuild } from '../ask/catalog-versions.ts';
import { buildKnowledgeIndex, computeKnowledgeVersion } from '../ask/reply-engine/knowledge-index.ts';
import type { KnowledgeIndex } from '../ask/reply-engine/knowledge-index.ts';
import type { SystemPromptTemplate } from '../ask/reply-engine/reply-engine.types.ts';
import type { GrowthDb } from '../db/database.ts';
import { listEnabledSystemPrompts, listUsableKnowledgeChunks } from './ai-config.repository.ts';

export interface ReplyKnowledge {
  readonly index: KnowledgeIndex;
  readonly prompts: readonly SystemPromptTemplate[];
}

/**
 * The knowledge index and system prompts of the current catalog versions. The index is the slow part (seconds for
 * tens of thousands of chunks): it is built once per `knowledge` version, and kept when a version change left the
 * usable chunks as they were (a source renamed, say), which the engine's content hash tells.
 */
export class KnowledgeCache {
  private readonly indexes: VersionedBuild<KnowledgeIndex>;
  private readonly prompts: VersionedBuild<readonly SystemPromptTemplate[]>;
  private lastIndex: KnowledgeIndex | null = null;

  constructor(db: GrowthDb) {
    this.indexes = new VersionedBuild(async () => {
      const chunks = await listUsableKnowledgeChunks(db);
      const previous = this.lastIndex;
      if (previous !== null && previous.version === computeKnowledgeVersion(chunks)) return previous;
      const index = buildKnowledgeIndex(chunks);
      this.lastIndex = index;
      return index;
    });
    this.prompts = new VersionedBuild(() => listEnabledSystemPrompts(db));
  }

  async forVersions(versions: CatalogVersions): Promise<ReplyKnowledge> {
    const [index, prompts] = await Promise.all([
      this.indexes.get(versions.knowledge),
      this.prompts.get(versions.prompts),
    ]);
    return { index, prompts };
  }
}
