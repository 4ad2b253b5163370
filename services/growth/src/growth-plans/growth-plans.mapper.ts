import { addDays } from '../calendar/calendar-day.ts';
import type { GrowthPlanRecord, PlanCheckinRecord } from './growth-plans.repository.ts';
import type { GrowthPlan, PlanCheckin } from './growth-plans.schemas.ts';
import { computeStreak } from './plan-streak.ts';

export function planEndDate(plan: Pick<GrowthPlanRecord, 'start_date' | 'days'>): string {
  return addDays(plan.start_date, plan.days - 1);
}

export function toGrowthPlan(
  plan: GrowthPlanRecord,
  checkinDays: ReadonlySet<string>,
  today: string,
): GrowthPlan {
  return {
    id: plan.id,
    title: plan.title,
    goal: plan.goal,
    days: plan.days,
    start_date: plan.start_date,
    end_date: planEndDate(plan),
    streak: computeStreak(checkinDays, today),
    checked_in_today: checkinDays.has(today),
    checkin_count: checkinDays.size,
    created_at: plan.created_at,
  };
}

export function toPlanCheckin(checkin: PlanCheckinRecord): PlanCheckin {
  return { id: checkin.id, plan_id: checkin.plan_id, day: checkin.day, created_at: checkin.created_at };
}
