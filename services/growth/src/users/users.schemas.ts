import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../http/pagination.ts';

export const REASON_MAX_LENGTH = 500;
const SEARCH_MAX_LENGTH = 64;

const UserStatusSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('disabled'),
  Type.Literal('suspended'),
  Type.Literal('banned'),
]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

// Any text: an id that names no account is 404, whatever its shape.
export const UserIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const UserListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    q: Type.Optional(
      Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'phone (full or digits), nickname or id' }),
    ),
    status: Type.Optional(UserStatusSchema),
  }),
]);

export const UserListItemSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  nickname: Type.String(),
  phone: NullableString,
  status: UserStatusSchema,
  is_guest: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  last_seen_at: NullableString,
});
export type UserListItem = Static<typeof UserListItemSchema>;

export const UserDetailSchema = Type.Composite([
  UserListItemSchema,
  Type.Object({
    timezone: NullableString,
    updated_at: Type.String({ format: 'date-time' }),
    device_count: Type.Integer(),
    open_session_count: Type.Integer(),
  }),
]);
export type UserDetail = Static<typeof UserDetailSchema>;

export const ChangeStatusBody = Type.Object({
  status: UserStatusSchema,
  reason: Type.String({ maxLength: REASON_MAX_LENGTH }),
});

export const UserStatusTransitionSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  user_id: Type.String({ format: 'uuid' }),
  from_status: UserStatusSchema,
  to_status: UserStatusSchema,
  reason: Type.String(),
  admin_id: Type.String(),
  admin_username: NullableString,
  created_at: Type.String({ format: 'date-time' }),
});
export type UserStatusTransition = Static<typeof UserStatusTransitionSchema>;

export const ChangeStatusResult = Type.Object({
  user: UserListItemSchema,
  transition: UserStatusTransitionSchema,
  revoked_sessions: Type.Integer(),
});

const CountsByKey = Type.Record(Type.String(), Type.Integer());

export const UserInsightSchema = Type.Object({
  user_id: Type.String({ format: 'uuid' }),
  last_seen_at: NullableString,
  profiles: Type.Object({ count: Type.Integer() }),
  reports: Type.Object({ total: Type.Integer(), by_type: CountsByKey }),
  scale_results: Type.Object({ count: Type.Integer() }),
  moods: Type.Object({ count: Type.Integer(), last_day: NullableString }),
  orders: Type.Object({ total: Type.Integer(), by_status: CountsByKey }),
  ask: Type.Object({ threads: Type.Integer(), messages: Type.Integer() }),
});
export type UserInsight = Static<typeof UserInsightSchema>;
