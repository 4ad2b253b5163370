import type { ProfileRecord } from '../profiles/profile-ownership.ts';
import { toProfile, type Profile } from '../profiles/profiles.mapper.ts';

/**
 * A stranger's profile as nearby search shows it: the contract's Profile with everything that would locate or
 * identify the person beyond what discovery needs withheld (null): coordinates, birth time and birth place, and the
 * owner's private label (`relation_type`).
 */
export function toNearbyProfile(record: ProfileRecord): Profile {
  return {
    ...toProfile(record),
    birth_time: null,
    birth_place: null,
    relation_type: null,
    geo_lat: null,
    geo_lng: null,
  };
}
