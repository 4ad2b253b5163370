import { Type, type Static } from '@sinclair/typebox';
import type { ProfileRecord } from './profile-ownership.ts';

/** The contract's Profile, plus `gender` (a CreateProfileRequest field a client needs to read back). */
export const ProfileSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    user_id: Type.String({ format: 'uuid' }),
    relation: Type.Union([Type.Literal('self'), Type.Literal('other')]),
    display_name: Type.String(),
    birth_date: Type.String({ format: 'date' }),
    birth_time: Type.Union([Type.String(), Type.Null()]),
    birth_place: Type.Union([Type.String(), Type.Null()]),
    gender: Type.Union([Type.String(), Type.Null()]),
    relation_type: Type.Union([Type.String(), Type.Null()]),
    geo_lat: Type.Union([Type.Number(), Type.Null()]),
    geo_lng: Type.Union([Type.Number(), Type.Null()]),
    geo_visible: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Profile' },
);
export type Profile = Static<typeof ProfileSchema>;

export function toProfile(record: ProfileRecord): Profile {
  return {
    id: record.id,
    user_id: record.user_id,
    relation: record.relation,
    display_name: record.display_name,
    birth_date: record.birth_date,
    birth_time: record.birth_time,
    birth_place: record.birth_place,
    gender: record.gender,
    relation_type: record.relation_type,
    geo_lat: record.geo_lat === null ? null : Number(record.geo_lat),
    geo_lng: record.geo_lng === null ? null : Number(record.geo_lng),
    geo_visible: record.geo_visible === 1,
    created_at: record.created_at,
  };
}
