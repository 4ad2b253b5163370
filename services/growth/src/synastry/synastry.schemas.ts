import { Type, type Static } from '@sinclair/typebox';
import { ProfileSchema } from '../profiles/profiles.mapper.ts';
import { CreateProfileBody } from '../profiles/profiles.schemas.ts';

export const CreateInviteBody = Type.Object({ profile_id: Type.String({ format: 'uuid' }) });
export type CreateInviteBody = Static<typeof CreateInviteBody>;

export const CreatedInviteSchema = Type.Object({
  token: Type.String({ description: 'Secret part of the invite link (256 random bits, base64url)' }),
  path: Type.String({ description: 'Client path of the invite, `/synastry/invites/<token>`' }),
  expires_at: Type.String({ format: 'date-time' }),
});
export type CreatedInvite = Static<typeof CreatedInviteSchema>;

// Any short string: an unknown or malformed token is simply not there (404), not a validation error.
export const InviteTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) });

export const InviteViewSchema = Type.Object({
  host_name: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  already_accepted: Type.Boolean(),
});
export type InviteView = Static<typeof InviteViewSchema>;

/** The invitee's birth data: the same fields and rules as creating a profile. */
export const AcceptInviteBody = Type.Pick(CreateProfileBody, [
  'birth_date',
  'display_name',
  'birth_time',
  'birth_place',
]);
export type AcceptInviteBody = Static<typeof AcceptInviteBody>;

/** Upper bound of the search radius: beyond a few hundred kilometres "nearby" stops meaning anything. */
export const MAX_NEARBY_RADIUS_KM = 500;
export const DEFAULT_NEARBY_RADIUS_KM = 50;

export const NearbyQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
  radius_km: Type.Number({
    exclusiveMinimum: 0,
    maximum: MAX_NEARBY_RADIUS_KM,
    default: DEFAULT_NEARBY_RADIUS_KM,
  }),
});
export type NearbyQuery = Static<typeof NearbyQuery>;

export const NearbyItemSchema = Type.Object({
  profile: ProfileSchema,
  distance_km: Type.Number({ description: 'Approximate: to the ~1 km cell of the profile, in 0.1 km steps' }),
});
export type NearbyItem = Static<typeof NearbyItemSchema>;

export const RelationInsightBody = Type.Object({
  profile_a_id: Type.String({ format: 'uuid' }),
  profile_b_id: Type.String({ format: 'uuid' }),
});
export type RelationInsightBody = Static<typeof RelationInsightBody>;

const InsightPointSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  text: Type.String(),
});

export const RelationInsightSchema = Type.Object(
  {
    profile_a_id: Type.String({ format: 'uuid' }),
    profile_b_id: Type.String({ format: 'uuid' }),
    relation_type: Type.Union([Type.String(), Type.Null()]),
    headline: Type.String(),
    summary: Type.String(),
    indexes: Type.Object({
      attraction: Type.Integer(),
      harmony: Type.Integer(),
      stability: Type.Integer(),
    }),
    strengths: Type.Array(InsightPointSchema),
    challenges: Type.Array(InsightPointSchema),
    communication_tips: Type.Array(Type.String()),
    report_id: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { $id: 'RelationInsight' },
);
export type RelationInsight = Static<typeof RelationInsightSchema>;
