import { Type, type Static } from '@sinclair/typebox';
import { PageOffset, PageQuery } from '../http/pagination.ts';

export const SceneSchema = Type.Union(
  [
    Type.Literal('self'),
    Type.Literal('relation'),
    Type.Literal('career'),
    Type.Literal('emotion'),
    Type.Literal('life'),
  ],
  { description: 'self, relation, career, emotion or life' },
);

/** Longest question, in characters after trimming. */
export const MAX_QUESTION_CHARS = 2000;
/** Bound on the raw body field (whitespace included) before trimming. */
const MAX_RAW_QUESTION_LENGTH = 8000;
export const MAX_FEEDBACK_TAG_CHARS = 64;
export const MAX_FEEDBACK_NOTE_CHARS = 500;

export const AskQuotaSchema = Type.Object({
  active_membership: Type.Boolean(),
  remaining: Type.Integer(),
  free_limit: Type.Integer(),
  source: Type.String({ description: 'free, membership, pack, or none when used up' }),
});

export const AskThreadSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  user_id: Type.String({ format: 'uuid' }),
  profile_id: Type.String({ format: 'uuid' }),
  scene: Type.Union([SceneSchema, Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type AskThread = Static<typeof AskThreadSchema>;

export const CitationSchema = Type.Object({ chunk_id: Type.String(), title: Type.String() });

export const AskMessageSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  thread_id: Type.String({ format: 'uuid' }),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  citations: Type.Array(CitationSchema, {
    description: 'knowledge chunks the reply drew on; empty for user messages',
  }),
  reply_kind: Type.Union([Type.String(), Type.Null()], {
    description:
      'answer, crisis_support, third_party_support, safe_refusal or handoff; null for user messages',
  }),
  handoff_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the human handoff case this reply opened or refers to',
  }),
});
export type AskMessage = Static<typeof AskMessageSchema>;

export const SendMessageResultSchema = Type.Object({
  user: AskMessageSchema,
  assistant: AskMessageSchema,
  quota: AskQuotaSchema,
});
export type SendMessageResult = Static<typeof SendMessageResultSchema>;

export const CreateThreadBody = Type.Object({
  profile_id: Type.String({ format: 'uuid' }),
  scene: Type.Optional(Type.Union([SceneSchema, Type.Null()])),
});
export type CreateThreadBody = Static<typeof CreateThreadBody>;

export const SendMessageBody = Type.Object({
  content: Type.String({ maxLength: MAX_RAW_QUESTION_LENGTH }),
});

export const ThreadIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const ThreadListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  offset: PageOffset,
});

export const MessageListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 200 }),
  offset: PageOffset,
});

const Rating = Type.Integer({ minimum: 1, maximum: 5 });
const Note = Type.String({ maxLength: MAX_FEEDBACK_NOTE_CHARS });
const MessageId = Type.String({ format: 'uuid' });

export const UserFeedbackBody = Type.Object({
  rating: Rating,
  tag: Type.Optional(Type.String({ maxLength: MAX_FEEDBACK_TAG_CHARS })),
  note: Type.Optional(Note),
  message_id: Type.Optional(MessageId),
});
export type UserFeedbackBody = Static<typeof UserFeedbackBody>;

export const AdminFeedbackBody = Type.Object({
  rating: Rating,
  tag: Type.Optional(
    Type.Union([
      Type.Literal('helpful'),
      Type.Literal('off_topic'),
      Type.Literal('unsafe'),
      Type.Literal('other'),
    ]),
  ),
  note: Type.Optional(Note),
  message_id: Type.Optional(MessageId),
});
export type AdminFeedbackBody = Static<typeof AdminFeedbackBody>;

export const FeedbackSchema = Type.Object({
  id: Type.String(),
  thread_id: Type.String(),
  message_id: Type.Union([Type.String(), Type.Null()]),
  author: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  user_id: Type.Union([Type.String(), Type.Null()]),
  admin_id: Type.Union([Type.String(), Type.Null()]),
  rating: Type.Integer(),
  tag: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type Feedback = Static<typeof FeedbackSchema>;

// Console

export const AdminThreadSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  profile_id: Type.String(),
  scene: Type.Union([Type.String(), Type.Null()]),
  message_count: Type.Integer(),
  last_message_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type AdminThread = Static<typeof AdminThreadSchema>;

export const AdminMessageSchema = Type.Object({
  id: Type.String(),
  thread_id: Type.String(),
  seq: Type.Integer(),
  role: Type.String(),
  content: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  meta: Type.Record(Type.String(), Type.Unknown(), {
    description: 'how the message was handled: safety outcome, generator, citations, crisis and handoff ids',
  }),
});
export type AdminMessage = Static<typeof AdminMessageSchema>;

export const AdminThreadDetailSchema = Type.Object({
  ...AdminThreadSchema.properties,
  messages: Type.Array(AdminMessageSchema),
});
export type AdminThreadDetail = Static<typeof AdminThreadDetailSchema>;

export const AdminThreadQuery = Type.Object({
  ...PageQuery.properties,
  user_id: Type.Optional(Type.String({ format: 'uuid' })),
});

export const AdminFeedbackQuery = Type.Object({
  ...PageQuery.properties,
  thread_id: Type.Optional(Type.String({ format: 'uuid' })),
  author: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('admin')])),
});
