import type { DbExecutor, GrowthDb } from '../db/database.ts';
import {
  boundingBox,
  haversineKm,
  PRIVACY_CELL_MARGIN_DEG,
  privacyCellCentre,
  roundDistanceKm,
  type GeoPoint,
} from './great-circle.ts';
import { findCandidatesInBox, findVisibleProfiles } from './nearby.repository.ts';
import type { NearbyItem, NearbyQuery } from './synastry.schemas.ts';
import { toNearbyProfile } from './synastry.mapper.ts';

/** At most this many profiles per answer, nearest first. */
export const NEARBY_LIMIT = 50;
/**
 * The search widens in rings: first this radius, then RING_GROWTH times wider, up to the requested radius. In a city
 * the first ring already holds the nearest 50, so a dense area never drags thousands of candidates out of the index.
 */
const FIRST_RING_KM = 2;
const RING_GROWTH = 4;

interface ScoredCandidate {
  id: string;
  distanceKm: number;
}

/** 2, 8, 32, … km, ending exactly at the requested radius. */
function ringRadii(radiusKm: number): number[] {
  const radii: number[] = [];
  for (let ring = FIRST_RING_KM; ring < radiusKm; ring *= RING_GROWTH) radii.push(ring);
  radii.push(radiusKm);
  return radii;
}

function compareCandidates(x: ScoredCandidate, y: ScoredCandidate): number {
  if (x.distanceKm !== y.distanceKm) return x.distanceKm - y.distanceKm;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
}

export class NearbyService {
  constructor(private readonly options: { db: GrowthDb }) {}

  /**
   * Visible profiles of other active accounts within `radius_km` of the point, nearest first. Distances are to the
   * privacy cell of each profile (see great-circle.ts) and rounded to 0.1 km; ties go by id so the order is stable.
   *
   * Correctness of the rings: once a ring of radius r holds 50 listable profiles, every profile outside it is
   * farther than all of them, so those 50 are the answer for any larger radius too.
   */
  async findNearby(userId: string, query: NearbyQuery): Promise<NearbyItem[]> {
    const centre: GeoPoint = { lat: query.lat, lng: query.lng };
    const radii = ringRadii(query.radius_km);
    let items: NearbyItem[] = [];
    for (const [index, radiusKm] of radii.entries()) {
      const last = index === radii.length - 1;
      const scored = await this.scoreCandidates(centre, radiusKm, userId);
      if (scored.length < NEARBY_LIMIT && !last) continue;
      items = await this.listProfiles(this.options.db, scored);
      if (items.length >= NEARBY_LIMIT) break;
    }
    return items;
  }

  private async scoreCandidates(
    centre: GeoPoint,
    radiusKm: number,
    userId: string,
  ): Promise<ScoredCandidate[]> {
    const box = boundingBox(centre, radiusKm, PRIVACY_CELL_MARGIN_DEG);
    const scored: ScoredCandidate[] = [];
    for (const candidate of await findCandidatesInBox(this.options.db, box, userId)) {
      const cell = privacyCellCentre({ lat: candidate.geo_lat, lng: candidate.geo_lng });
      const distanceKm = haversineKm(centre, cell);
      if (distanceKm <= radiusKm) scored.push({ id: candidate.id, distanceKm });
    }
    return scored.sort(compareCandidates);
  }

  /** Candidates whose owner is no longer active drop out here, so read in batches until the page is full. */
  private async listProfiles(db: DbExecutor, scored: ScoredCandidate[]): Promise<NearbyItem[]> {
    const items: NearbyItem[] = [];
    for (let start = 0; start < scored.length && items.length < NEARBY_LIMIT; start += NEARBY_LIMIT) {
      const batch = scored.slice(start, start + NEARBY_LIMIT);
      const profiles = new Map(
        (
          await findVisibleProfiles(
            db,
            batch.map((candidate) => candidate.id),
          )
        ).map((p) => [p.id, p]),
      );
      for (const candidate of batch) {
        const profile = profiles.get(candidate.id);
        if (!profile || items.length >= NEARBY_LIMIT) continue;
        items.push({ profile: toNearbyProfile(profile), distance_km: roundDistanceKm(candidate.distanceKm) });
      }
    }
    return items;
  }
}
