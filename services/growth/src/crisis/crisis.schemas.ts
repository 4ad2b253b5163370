import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../http/pagination.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });
const Note = Type.String({ maxLength: 1000 });

const CrisisEventStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('in_progress'),
  Type.Literal('resolved'),
]);
const HandoffStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('in_progress'),
  Type.Literal('resolved'),
  Type.Literal('closed'),
]);
const CueTierSchema = Type.Union([
  Type.Literal('ideation'),
  Type.Literal('plan'),
  Type.Literal('means'),
  Type.Literal('time_frame'),
]);

export const CrisisEventSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  profile_id: Nullable(Type.String()),
  source: Type.String(),
  source_ref: Nullable(Type.String()),
  tier: Type.String(),
  summary: Type.String(),
  status: Type.String(),
  note: Nullable(Type.String()),
  handled_by: Nullable(Type.String()),
  created_at: Instant,
  updated_at: Instant,
});
export type CrisisEvent = Static<typeof CrisisEventSchema>;

export const CrisisEventQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(CrisisEventStatusSchema),
  source: Type.Optional(Type.Union([Type.Literal('scale'), Type.Literal('ask')])),
  user_id: Type.Optional(Type.String({ format: 'uuid' })),
});

export const UpdateCrisisEventBody = Type.Object({
  status: CrisisEventStatusSchema,
  note: Type.Optional(Note),
});
export type UpdateCrisisEventBody = Static<typeof UpdateCrisisEventBody>;

export const HotlineSchema = Type.Object({
  name: Type.String(),
  number: Type.String(),
  hours: Type.String(),
});

export const InterventionSchema = Type.Object({
  id: Type.String(),
  crisis_event_id: Type.String(),
  user_id: Type.String(),
  thread_id: Nullable(Type.String()),
  message_id: Nullable(Type.String()),
  tier: Type.String(),
  actions: Type.Array(Type.String()),
  hotlines: Type.Array(HotlineSchema),
  handoff_id: Nullable(Type.String()),
  created_at: Instant,
});
export type Intervention = Static<typeof InterventionSchema>;

export const InterventionQuery = Type.Object({
  ...PageQuery.properties,
  crisis_event_id: Type.Optional(Type.String({ format: 'uuid' })),
  user_id: Type.Optional(Type.String({ format: 'uuid' })),
});

export const HandoffSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  thread_id: Type.String(),
  crisis_event_id: Nullable(Type.String()),
  reason: Type.String(),
  status: Type.String(),
  note: Nullable(Type.String()),
  handled_by: Nullable(Type.String()),
  created_at: Instant,
  updated_at: Instant,
  closed_at: Type.Union([Instant, Type.Null()]),
});
export type Handoff = Static<typeof HandoffSchema>;

export const HandoffQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(HandoffStatusSchema),
  user_id: Type.Optional(Type.String({ format: 'uuid' })),
});

export const UpdateHandoffBody = Type.Object({
  status: HandoffStatusSchema,
  note: Type.Optional(Note),
});
export type UpdateHandoffBody = Static<typeof UpdateHandoffBody>;

const Cue = Type.String({ minLength: 1, maxLength: 200 });
const Cues = Type.Array(Cue, { minItems: 1, maxItems: 200 });
const PolicyName = Type.String({ minLength: 1, maxLength: 80 });

export const CrisisPolicySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  tier: Type.String(),
  cues: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  created_at: Instant,
  updated_at: Instant,
});
export type CrisisPolicyView = Static<typeof CrisisPolicySchema>;

export const CreateCrisisPolicyBody = Type.Object({
  name: PolicyName,
  tier: CueTierSchema,
  cues: Cues,
  enabled: Type.Optional(Type.Boolean()),
});
export type CreateCrisisPolicyBody = Static<typeof CreateCrisisPolicyBody>;

export const UpdateCrisisPolicyBody = Type.Object(
  {
    name: Type.Optional(PolicyName),
    tier: Type.Optional(CueTierSchema),
    cues: Type.Optional(Cues),
  },
  { minProperties: 1 },
);
export type UpdateCrisisPolicyBody = Static<typeof UpdateCrisisPolicyBody>;

const Words = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 500 });

/** The detector's context vocabulary in the API's snake_case; see safety/crisis-detector.ts `CrisisMarkers`. */
export const CrisisMarkersBody = Type.Object({
  first_person: Words,
  third_person: Words,
  media: Words,
  neutral: Words,
  object_markers: Words,
  reported_speech: Words,
  negation: Words,
  past_time: Words,
  resolved: Words,
  exclusions: Words,
  help_seeking: Words,
  modified_nouns: Words,
  self_description: Words,
});
export type CrisisMarkersBody = Static<typeof CrisisMarkersBody>;

export const CrisisMarkersSchema = Type.Object({
  ...CrisisMarkersBody.properties,
  updated_at: Type.Union([Instant, Type.Null()]),
});
export type CrisisMarkersView = Static<typeof CrisisMarkersSchema>;
