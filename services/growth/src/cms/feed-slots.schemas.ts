import { Type, type Static } from '@sinclair/typebox';
import { INSTANT_FIELD, LINK_FIELD, NULLABLE_LINK_FIELD, NULLABLE_TEXT, SORT_FIELD } from './cms-fields.ts';

const NullableInstant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A card of the home recommendation area; the client hides the area when no slot is active. */
export const FeedSlotSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    subtitle: NullableString,
    tag: NullableString,
    image_url: NullableString,
    link: Type.String(),
    sort: Type.Integer(),
    starts_at: NullableInstant,
    ends_at: NullableInstant,
  },
  { $id: 'FeedSlot' },
);
export type FeedSlot = Static<typeof FeedSlotSchema>;

export const AdminFeedSlotSchema = Type.Object({
  ...FeedSlotSchema.properties,
  enabled: Type.Boolean(),
  live: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type AdminFeedSlot = Static<typeof AdminFeedSlotSchema>;

const CONTENT = {
  title: Type.String({ minLength: 1, maxLength: 60 }),
  subtitle: Type.Optional(NULLABLE_TEXT(120)),
  tag: Type.Optional(NULLABLE_TEXT(8)),
  image_url: Type.Optional(NULLABLE_LINK_FIELD),
  link: LINK_FIELD,
  sort: Type.Optional(SORT_FIELD),
  starts_at: Type.Optional(INSTANT_FIELD),
  ends_at: Type.Optional(INSTANT_FIELD),
};

export const CreateFeedSlotBody = Type.Object({ ...CONTENT, enabled: Type.Optional(Type.Boolean()) });
export type CreateFeedSlotBody = Static<typeof CreateFeedSlotBody>;

/** Replaces the slot's content: nullable fields left out are cleared, `sort` left out keeps its value. */
export const UpdateFeedSlotBody = Type.Object(CONTENT);
export type UpdateFeedSlotBody = Static<typeof UpdateFeedSlotBody>;
