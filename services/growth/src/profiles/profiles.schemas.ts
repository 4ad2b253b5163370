import { Type, type Static, type TNull, type TNumber, type TString, type TUnion } from '@sinclair/typebox';
import {
  BIRTH_PLACE_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  RELATION_TYPE_MAX_LENGTH,
} from './profile-fields.ts';

/**
 * `T or null`, sent to the validator as one type list (`type: ['string', 'null']`) rather than anyOf: the validator
 * then reports the real problem with a value instead of "must be null", and type coercion can never turn a null
 * into an empty string (it coerces inside the first anyOf branch). Typed as the equivalent union so handlers see
 * `T | null`.
 */
function Nullable<T extends TString | TNumber>(schema: T): TUnion<[T, TNull]> {
  const typeList: Record<string, unknown> = { ...schema, type: [schema.type, 'null'] };
  return typeList as unknown as TUnion<[T, TNull]>;
}

export const Relation = Type.Union([Type.Literal('self'), Type.Literal('other')]);
/** Genders the product offers; `null` when not given. */
export const GENDERS = ['female', 'male', 'other'] as const;

// Length limits here are generous guards; profile-fields.ts gives the exact rule with a clear message.
const GUARD_LENGTH = 256;

const profileFields = {
  relation: Relation,
  display_name: Type.String({
    maxLength: GUARD_LENGTH,
    description: `1..${DISPLAY_NAME_MAX_LENGTH} characters`,
  }),
  birth_date: Type.String({ maxLength: 32, description: 'YYYY-MM-DD, from 1900-01-01 to today' }),
  birth_time: Nullable(
    Type.String({ maxLength: 32, description: 'HH:mm or HH:mm:ss local time; null if unknown' }),
  ),
  birth_place: Nullable(
    Type.String({ maxLength: GUARD_LENGTH, description: `at most ${BIRTH_PLACE_MAX_LENGTH} characters` }),
  ),
  // enum applies to null too, so null is listed beside the genders.
  gender: Object.assign(Nullable(Type.String()), { enum: [...GENDERS, null] }),
  relation_type: Nullable(
    Type.String({ maxLength: GUARD_LENGTH, description: `at most ${RELATION_TYPE_MAX_LENGTH} characters` }),
  ),
};

export const CreateProfileBody = Type.Object({
  relation: profileFields.relation,
  birth_date: profileFields.birth_date,
  display_name: Type.Optional(profileFields.display_name),
  birth_time: Type.Optional(profileFields.birth_time),
  birth_place: Type.Optional(profileFields.birth_place),
  gender: Type.Optional(profileFields.gender),
  relation_type: Type.Optional(profileFields.relation_type),
});
export type CreateProfileBody = Static<typeof CreateProfileBody>;

export const UpdateProfileBody = Type.Object({
  relation: Type.Optional(profileFields.relation),
  birth_date: Type.Optional(profileFields.birth_date),
  display_name: Type.Optional(profileFields.display_name),
  birth_time: Type.Optional(profileFields.birth_time),
  birth_place: Type.Optional(profileFields.birth_place),
  gender: Type.Optional(profileFields.gender),
  relation_type: Type.Optional(profileFields.relation_type),
  geo_lat: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  geo_lng: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  geo_visible: Type.Optional(Type.Boolean()),
});
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const ProfileIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const DeleteProfileResult = Type.Object({
  ok: Type.Boolean(),
  /** Reports built from the profile are deleted with it. */
  deleted_reports: Type.Integer(),
});
