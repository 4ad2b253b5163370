import { readCatalogVersions, VersionedBuild } from '../ask/catalog-versions.ts';
import { listEnabledCrisisPolicies, loadCrisisMarkers } from '../crisis/crisis-policies.repository.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { compileSafety } from './safety-pipeline.ts';
import type { CompiledSafety, SafetyConfig } from './safety-pipeline.ts';
import { listEnabledBlockPolicies, listEnabledFilterRules } from './safety-catalog.repository.ts';

/** Everything the safety pipeline reads, from the database. */
export async function loadSafetyConfig(db: DbExecutor): Promise<SafetyConfig> {
  const [filterRules, blockPolicies, crisisPolicies, crisisMarkers] = await Promise.all([
    listEnabledFilterRules(db),
    listEnabledBlockPolicies(db),
    listEnabledCrisisPolicies(db),
    loadCrisisMarkers(db),
  ]);
  return { filterRules, blockPolicies, crisisPolicies, crisisMarkers };
}

/**
 * The compiled safety configuration of the `safety` catalog version. Each caller reads the version first (one
 * small query), so an operator's change applies to the next message on every instance without a restart; the
 * matchers are compiled once per version, not per message.
 */
export class SafetyCompileCache {
  private readonly builds: VersionedBuild<CompiledSafety>;

  constructor(private readonly db: GrowthDb) {
    // The version is read before the rows, so a build is never labelled newer than what it loaded.
    this.builds = new VersionedBuild(async () => compileSafety(await loadSafetyConfig(db)));
  }

  /** The compiled configuration for a version the caller has just read. */
  forVersion(version: number): Promise<CompiledSafety> {
    return this.builds.get(version);
  }

  async current(): Promise<CompiledSafety> {
    const versions = await readCatalogVersions(this.db);
    return this.forVersion(versions.safety);
  }
}
