import { Type, type Static } from '@sinclair/typebox';
import { NULLABLE_TEXT } from './cms-fields.ts';

export const PUBLICATION_TARGET_TYPES = ['banner', 'feed_slot', 'star_config', 'rhythm_config'] as const;
export const PUBLICATION_ACTIONS = ['publish', 'unpublish'] as const;

const TargetType = Type.Union(PUBLICATION_TARGET_TYPES.map((type) => Type.Literal(type)));
const Action = Type.Union(PUBLICATION_ACTIONS.map((action) => Type.Literal(action)));

export const AdminPublicationSchema = Type.Object(
  {
    id: Type.String(),
    target_type: TargetType,
    target_id: Type.String(),
    /** `publish` turns the target on at publish_at, `unpublish` turns it off. */
    action: Action,
    publish_at: Type.String({ format: 'date-time' }),
    note: Type.Union([Type.String(), Type.Null()]),
    /** False once cancelled: a cancelled publication never takes effect. */
    enabled: Type.Boolean(),
    /** publish_at has passed. */
    due: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AdminPublication' },
);
export type AdminPublication = Static<typeof AdminPublicationSchema>;

export const CreatePublicationBody = Type.Object({
  target_type: TargetType,
  target_id: Type.String({ minLength: 1, maxLength: 64 }),
  action: Type.Optional(Action),
  publish_at: Type.String({ format: 'date-time' }),
  note: Type.Optional(NULLABLE_TEXT(200)),
});
export type CreatePublicationBody = Static<typeof CreatePublicationBody>;

/** The target is fixed; action left out keeps its value, note left out is cleared. */
export const UpdatePublicationBody = Type.Object({
  action: Type.Optional(Action),
  publish_at: Type.String({ format: 'date-time' }),
  note: Type.Optional(NULLABLE_TEXT(200)),
});
export type UpdatePublicationBody = Static<typeof UpdatePublicationBody>;
