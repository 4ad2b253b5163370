import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from '../http/pagination.ts';
import { MAX_BATCH_ITEMS } from './event-batch.ts';
import { FUNNEL_KEY_PATTERN, MAX_FUNNEL_STEPS, MIN_FUNNEL_STEPS } from './funnel-definition.ts';

const EVENT_NAME_MAX_LENGTH = 64;
const SESSION_ID_MAX_LENGTH = 128;
const PAGE_PATH_MAX_LENGTH = 512;
const DEFAULT_RANKING_LIMIT = 100;
const MAX_RANKING_LIMIT = 500;
const FUNNEL_NAME_MAX_LENGTH = 60;

export const EventItemSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: EVENT_NAME_MAX_LENGTH }),
  session_id: Type.String({ minLength: 1, maxLength: SESSION_ID_MAX_LENGTH }),
  client_ts: Type.Unknown({
    description: 'client time, any JSON value; epoch ms/s or an ISO instant is used',
  }),
  page_path: Type.Optional(Type.Union([Type.String({ maxLength: PAGE_PATH_MAX_LENGTH }), Type.Null()])),
  props: Type.Optional(
    Type.Object({}, { additionalProperties: true, description: 'free keys, at most 4 KB serialised' }),
  ),
});

export const EventBatchBody = Type.Object({
  items: Type.Array(EventItemSchema, { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
});

export const EventBatchResult = Type.Object({ accepted: Type.Integer() });

export const DayRangeQuery = Type.Object({
  from: Type.String({ maxLength: 10, description: 'first day, YYYY-MM-DD (Asia/Shanghai), inclusive' }),
  to: Type.String({ maxLength: 10, description: 'last day, YYYY-MM-DD (Asia/Shanghai), inclusive' }),
});

export const RankingQuery = Type.Composite([
  DayRangeQuery,
  Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: MAX_RANKING_LIMIT, default: DEFAULT_RANKING_LIMIT }),
  }),
]);

export const FunnelQuery = Type.Composite([
  DayRangeQuery,
  Type.Object({ funnel: Type.Optional(Type.String({ pattern: FUNNEL_KEY_PATTERN })) }),
]);

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const OverviewItemSchema = Type.Object({
  day: Type.String(),
  dau: Type.Integer(),
  sessions: Type.Integer(),
});

export const PageItemSchema = Type.Object({
  page_path: NullableString,
  pv: Type.Integer(),
  uv: Type.Integer(),
  avg_dwell_ms: Type.Union([Type.Integer(), Type.Null()]),
  exits: Type.Integer(),
  exit_rate: Type.Number(),
});
export type PageItem = Static<typeof PageItemSchema>;

export const ExitItemSchema = Type.Object({
  page_path: NullableString,
  exits: Type.Integer(),
  exit_rate: Type.Number(),
});

export const ClickItemSchema = Type.Object({
  page_path: NullableString,
  element: NullableString,
  clicks: Type.Integer(),
});

const FunnelWithinSchema = Type.Union([Type.Literal('day'), Type.Literal('session')], {
  description: "'day': one user's Shanghai day, client and server events; 'session': one client session",
});

export const FunnelResultSchema = Type.Object({
  funnel: Type.String(),
  name: Type.String(),
  within: FunnelWithinSchema,
  steps: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer(), conversion: Type.Number() })),
});
export type FunnelResult = Static<typeof FunnelResultSchema>;

const StepsSchema = Type.Array(Type.String({ minLength: 1, maxLength: EVENT_NAME_MAX_LENGTH }), {
  minItems: MIN_FUNNEL_STEPS,
  maxItems: MAX_FUNNEL_STEPS,
});

export const FunnelSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  steps: Type.Array(Type.String()),
  within: FunnelWithinSchema,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type FunnelView = Static<typeof FunnelSchema>;

export const CreateFunnelBody = Type.Object({
  key: Type.String({ pattern: FUNNEL_KEY_PATTERN }),
  name: Type.String({ minLength: 1, maxLength: FUNNEL_NAME_MAX_LENGTH }),
  steps: StepsSchema,
  within: Type.Optional(FunnelWithinSchema),
});

/** A full replacement: an omitted `within` is `day`, as on create. */
export const ReplaceFunnelBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: FUNNEL_NAME_MAX_LENGTH }),
  steps: StepsSchema,
  within: Type.Optional(FunnelWithinSchema),
});

export const FunnelKeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });

export const FunnelListQuery = PageQuery;
