import type { DbExecutor } from '../db/database.ts';
import type { ProfileRecord } from '../profiles/profile-ownership.ts';
import type { BoundingBox } from './great-circle.ts';

/** What the candidate query reads: only columns of the geo index, so it never touches the table. */
export interface NearbyCandidate {
  id: string;
  geo_lat: number;
  geo_lng: number;
}

/**
 * Visible profiles of other accounts inside a box: a range on the `(geo_visible, geo_lat, geo_lng, user_id, id)`
 * index with longitude and owner checked inside the index.
 */
export async function findCandidatesInBox(
  db: DbExecutor,
  box: BoundingBox,
  excludeUserId: string,
): Promise<NearbyCandidate[]> {
  const rows = await db
    .selectFrom('profiles')
    .select(['id', 'geo_lat', 'geo_lng'])
    .where('geo_visible', '=', 1)
    .where('geo_lat', '>=', box.minLat)
    .where('geo_lat', '<=', box.maxLat)
    .where((eb) =>
      eb.or(
        box.lngRanges.map((range) =>
          eb.and([eb('geo_lng', '>=', range.min), eb('geo_lng', '<=', range.max)]),
        ),
      ),
    )
    .where('user_id', '<>', excludeUserId)
    .execute();
  const candidates: NearbyCandidate[] = [];
  for (const row of rows) {
    // The range on geo_lat excludes nulls already; the check keeps the types honest.
    if (row.geo_lat === null || row.geo_lng === null) continue;
    candidates.push({ id: row.id, geo_lat: Number(row.geo_lat), geo_lng: Number(row.geo_lng) });
  }
  return candidates;
}

/**
 * The profiles among `ids` that are still visible and whose owner is an active account. Two primary-key lookups
 * filtered here rather than one join with `geo_visible = ?` and `status = ?` conditions: without table statistics
 * SQLite would answer such a join by scanning a status or geo index instead of looking 50 ids up.
 */
export async function findVisibleProfiles(db: DbExecutor, ids: readonly string[]): Promise<ProfileRecord[]> {
  if (ids.length === 0) return [];
  const profiles = await db.selectFrom('profiles').selectAll().where('id', 'in', ids).execute();
  const visible = profiles.filter(
    (row) => Number(row.geo_visible) === 1 && row.geo_lat !== null && row.geo_lng !== null,
  );
  if (visible.length === 0) return [];
  const owners = await db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('id', 'in', [...new Set(visible.map((row) => row.user_id))])
    .execute();
  const active = new Set(owners.filter((owner) => owner.status === 'active').map((owner) => owner.id));
  return visible.filter((row) => active.has(row.user_id));
}
