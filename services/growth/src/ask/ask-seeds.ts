import { seedAiConfig } from '../ai-config/ai-config.seed.ts';
import { seedCrisisCatalog } from '../crisis/crisis-catalog.seed.ts';
import type { GrowthDb } from '../db/database.ts';
import { seedSafetyCatalog } from '../safety/safety-catalog.seed.ts';
import { bumpCatalogVersion } from './catalog-versions.ts';

/**
 * Runs at every start: adds the shipped safety, crisis and AI catalog rows that are missing, in one transaction,
 * and bumps the versions of catalogs that gained rows so running instances recompile. Idempotent; concurrent
 * starts are safe (inserts skip ids that exist).
 */
export async function syncAskCatalogSeeds(db: GrowthDb, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const safety = (await seedSafetyCatalog(trx, at)) + (await seedCrisisCatalog(trx, at));
    const ai = await seedAiConfig(trx, at);
    if (safety > 0) await bumpCatalogVersion(trx, 'safety', at);
    if (ai.knowledge > 0) await bumpCatalogVersion(trx, 'knowledge', at);
    if (ai.prompts > 0) await bumpCatalogVersion(trx, 'prompts', at);
    if (ai.tools > 0) await bumpCatalogVersion(trx, 'tools', at);
  });
}
