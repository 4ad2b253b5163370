import { Type, type Static } from '@sinclair/typebox';

export const PLAN_TITLE_MAX_LENGTH = 60;
export const PLAN_GOAL_MAX_LENGTH = 500;
export const PLAN_DAYS_MIN = 7;
export const PLAN_DAYS_MAX = 365;
export const PLAN_DAYS_DEFAULT = 21;

export const PlanIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const CreatePlanBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: PLAN_TITLE_MAX_LENGTH }),
  goal: Type.Optional(Type.String({ maxLength: PLAN_GOAL_MAX_LENGTH })),
  days: Type.Optional(Type.Integer({ minimum: PLAN_DAYS_MIN, maximum: PLAN_DAYS_MAX })),
  start_date: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD; defaults to today' }),
  ),
});
export type CreatePlanBody = Static<typeof CreatePlanBody>;

export const GrowthPlanSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    goal: Type.String(),
    days: Type.Integer(),
    start_date: Type.String({ format: 'date' }),
    /** The plan's last day: start_date + days − 1. */
    end_date: Type.String({ format: 'date' }),
    streak: Type.Integer(),
    checked_in_today: Type.Boolean(),
    checkin_count: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'GrowthPlan' },
);
export type GrowthPlan = Static<typeof GrowthPlanSchema>;

export const PlanCheckinSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    plan_id: Type.String({ format: 'uuid' }),
    day: Type.String({ format: 'date' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PlanCheckin' },
);
export type PlanCheckin = Static<typeof PlanCheckinSchema>;
