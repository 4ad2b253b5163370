import type { DbExecutor } from '../db/database.ts';
import { stableUuid } from '../scales/stable-uuid.ts';
import { SEED_CRISIS_MARKERS, SEED_CRISIS_POLICIES } from '../safety/seed/crisis-policies.seed.ts';
import { insertCrisisPolicies, insertMarkerSetIfAbsent } from './crisis-policies.repository.ts';

export function seededCrisisPolicyId(key: string): string {
  return stableUuid(`crisis-policy:${key}`);
}

/** Inserts the shipped crisis policies and the marker set when missing; returns how many rows were new. */
export async function seedCrisisCatalog(db: DbExecutor, at: string): Promise<number> {
  const policies = await insertCrisisPolicies(
    db,
    SEED_CRISIS_POLICIES.map((policy) => ({
      id: seededCrisisPolicyId(policy.id),
      name: policy.name,
      tier: policy.tier,
      cues_json: JSON.stringify(policy.cues),
      enabled: policy.enabled ? 1 : 0,
      created_at: at,
      updated_at: at,
    })),
  );
  const markers = (await insertMarkerSetIfAbsent(db, SEED_CRISIS_MARKERS, at)) ? 1 : 0;
  return policies + markers;
}
