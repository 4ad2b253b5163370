import { Type, type TSchema } from '@sinclair/typebox';
import { PageQuery } from '../http/pagination.ts';

function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const MEMBERSHIP_PLAN_CODES = ['month', 'quarter', 'year'] as const;
export const ASK_PACK_CODES = ['pack10', 'pack30', 'pack100'] as const;
export const DEEP_ACCESS_CODE = 'deep_access';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const OrderKindSchema = Type.Union([
  Type.Literal('membership'),
  Type.Literal('deep_access'),
  Type.Literal('ask_pack'),
]);
const OrderStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
]);
const MembershipPlanCode = Type.Union(MEMBERSHIP_PLAN_CODES.map((code) => Type.Literal(code)));

export const IdParams = Type.Object({ id: Uuid });
export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) });

export const MembershipMeSchema = Type.Object(
  {
    active: Type.Boolean(),
    plan: Type.Optional(Type.String({ description: 'Absent when the account never had a membership' })),
    status: Type.Union([Type.Literal('none'), Type.Literal('active'), Type.Literal('expired')]),
    expires_at: Nullable(Instant),
    ask_quota_left: Type.Integer(),
  },
  { $id: 'MembershipMe' },
);

export const RedeemBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

/** `amount_cents` is never read from the client: the catalog decides it. */
export const CreateOrderBody = Type.Object(
  {
    kind: OrderKindSchema,
    plan: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    report_id: Type.Optional(Uuid),
  },
  { $id: 'CreateOrderRequest' },
);

export const OrderSchema = Type.Object(
  {
    id: Uuid,
    kind: OrderKindSchema,
    plan: Type.String(),
    report_id: Nullable(Uuid),
    amount_cents: Type.Integer(),
    status: OrderStatusSchema,
    created_at: Instant,
    paid_at: Nullable(Instant),
    expires_at: Instant,
  },
  { $id: 'Order' },
);

export const AdminOrderSchema = Type.Composite(
  [OrderSchema, Type.Object({ user_id: Uuid, cancelled_at: Nullable(Instant) })],
  { $id: 'AdminOrder' },
);

const DayOrInstant = Type.Union([Type.String({ format: 'date' }), Instant], {
  description: 'A date (a calendar day in Asia/Shanghai, inclusive) or an ISO instant',
});

export const AdminOrdersQuery = Type.Composite([
  PageQuery,
  Type.Object({
    status: Type.Optional(OrderStatusSchema),
    kind: Type.Optional(OrderKindSchema),
    user_id: Type.Optional(Uuid),
    from: Type.Optional(DayOrInstant),
    to: Type.Optional(DayOrInstant),
  }),
]);

export const MembershipPlanSchema = Type.Object(
  {
    id: Type.String(),
    code: Type.String(),
    title: Type.String(),
    duration_days: Type.Integer(),
    amount_cents: Type.Integer(),
    active: Type.Boolean(),
    updated_at: Instant,
  },
  { $id: 'MembershipPlan' },
);

export const PLAN_TITLE_MAX = 60;
export const PLAN_DURATION_MAX_DAYS = 3650;
export const PLAN_AMOUNT_MAX_CENTS = 10_000_000;

export const UpdatePlanBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: PLAN_TITLE_MAX }),
  duration_days: Type.Integer({ minimum: 1, maximum: PLAN_DURATION_MAX_DAYS }),
  amount_cents: Type.Integer({ minimum: 0, maximum: PLAN_AMOUNT_MAX_CENTS }),
  active: Type.Optional(Type.Boolean()),
});

export const REDEMPTION_BATCH_MAX = 100;

export const CreateBatchBody = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 60 }),
  plan_code: Type.String({ minLength: 1, maxLength: 32 }),
  quantity: Type.Integer({ minimum: 1, maximum: REDEMPTION_BATCH_MAX }),
});

export const RedemptionBatchSchema = Type.Object(
  {
    id: Uuid,
    label: Type.String(),
    plan_code: Type.String(),
    quantity: Type.Integer(),
    used_count: Type.Integer(),
    created_at: Instant,
  },
  { $id: 'RedemptionBatch' },
);

export const RedemptionCodeSchema = Type.Object(
  {
    id: Uuid,
    batch_id: Uuid,
    code: Type.String({ description: 'Grouped XXXX-XXXX-XXXX-XXXX' }),
    status: Type.Union([Type.Literal('unused'), Type.Literal('used'), Type.Literal('disabled')]),
    used_by: Nullable(Uuid),
    used_at: Nullable(Instant),
    created_at: Instant,
  },
  { $id: 'RedemptionCode' },
);

export const CreatedBatchSchema = Type.Composite([
  RedemptionBatchSchema,
  Type.Object({ codes: Type.Array(RedemptionCodeSchema) }),
]);

export const GrantMembershipBody = Type.Object({ plan: MembershipPlanCode });

const AskQuotaSchema = Type.Object({
  active_membership: Type.Boolean(),
  remaining: Type.Integer(),
  free_limit: Type.Integer(),
  source: Type.String(),
});

const ImageCardQuotaSchema = Type.Object({
  remaining: Type.Integer(),
  daily_free: Type.Integer(),
  unlimited: Type.Boolean(),
});

export const UserEntitlementsSchema = Type.Object(
  {
    user_id: Uuid,
    membership: Type.Object({
      active: Type.Boolean(),
      plan: Nullable(Type.String()),
      status: Type.String(),
      expires_at: Nullable(Instant),
    }),
    deep_access_report_ids: Type.Array(Type.String()),
    ask_quota: AskQuotaSchema,
    image_card_quota: ImageCardQuotaSchema,
    pack_credits: Type.Integer(),
  },
  { $id: 'UserEntitlements' },
);
