import { Type, type Static } from '@sinclair/typebox';
import { INSTANT_FIELD, LINK_FIELD, NULLABLE_LINK_FIELD, SORT_FIELD } from './cms-fields.ts';

const NullableInstant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const BannerSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    image_url: Type.String(),
    link: Type.Union([Type.String(), Type.Null()]),
    sort: Type.Integer(),
    starts_at: NullableInstant,
    ends_at: NullableInstant,
  },
  { $id: 'Banner' },
);
export type Banner = Static<typeof BannerSchema>;

export const AdminBannerSchema = Type.Object({
  ...BannerSchema.properties,
  /** The operator's switch. */
  enabled: Type.Boolean(),
  /** Shown to users right now: switch and due publications resolved, inside the schedule window. */
  live: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type AdminBanner = Static<typeof AdminBannerSchema>;

const TITLE = Type.String({ minLength: 1, maxLength: 60 });

export const CreateBannerBody = Type.Object({
  title: TITLE,
  image_url: LINK_FIELD,
  link: Type.Optional(NULLABLE_LINK_FIELD),
  sort: Type.Optional(SORT_FIELD),
  /** Defaults to true; create it off and add a publication to make it go live later. */
  enabled: Type.Optional(Type.Boolean()),
  starts_at: Type.Optional(INSTANT_FIELD),
  ends_at: Type.Optional(INSTANT_FIELD),
});
export type CreateBannerBody = Static<typeof CreateBannerBody>;

/** Replaces the banner's content: nullable fields left out are cleared, `sort` left out keeps its value. */
export const UpdateBannerBody = Type.Object({
  title: TITLE,
  image_url: LINK_FIELD,
  link: Type.Optional(NULLABLE_LINK_FIELD),
  sort: Type.Optional(SORT_FIELD),
  starts_at: Type.Optional(INSTANT_FIELD),
  ends_at: Type.Optional(INSTANT_FIELD),
});
export type UpdateBannerBody = Static<typeof UpdateBannerBody>;
