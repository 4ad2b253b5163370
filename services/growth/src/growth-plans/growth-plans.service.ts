import { randomUUID } from 'node:crypto';
import { addDays, isValidDay } from '../calendar/calendar-day.ts';
import type { Clock } from '../clock.ts';
import type { GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { findAccountToday } from '../moods/account-calendar.ts';
import { planEndDate, toGrowthPlan, toPlanCheckin } from './growth-plans.mapper.ts';
import {
  findOwnedPlan,
  insertCheckinOnce,
  insertPlan,
  listCheckins,
  listPlans,
  type GrowthPlanRecord,
} from './growth-plans.repository.ts';
import {
  PLAN_DAYS_DEFAULT,
  type CreatePlanBody,
  type GrowthPlan,
  type PlanCheckin,
} from './growth-plans.schemas.ts';

/** How far ahead a plan may be scheduled to start. */
const MAX_START_AHEAD_DAYS = 365;

export interface GrowthPlansServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

export class GrowthPlansService {
  constructor(private readonly options: GrowthPlansServiceOptions) {}

  async create(userId: string, body: CreatePlanBody): Promise<GrowthPlan> {
    const { db, clock } = this.options;
    const title = body.title.trim();
    if (title.length === 0) throw new AppError('VALIDATION_FAILED', 'body.title must not be blank');
    const today = await findAccountToday(db, clock, userId);
    const startDate = body.start_date ?? today;
    if (!isValidDay(startDate))
      throw new AppError('VALIDATION_FAILED', 'body.start_date is not a calendar date');
    const latestStart = addDays(today, MAX_START_AHEAD_DAYS);
    if (startDate > latestStart) {
      throw new AppError('VALIDATION_FAILED', `body.start_date must not be after ${latestStart}`);
    }
    const at = clock.now().toISOString();
    const plan: GrowthPlanRecord = {
      id: randomUUID(),
      user_id: userId,
      title,
      goal: (body.goal ?? '').trim(),
      days: body.days ?? PLAN_DAYS_DEFAULT,
      start_date: startDate,
      created_at: at,
      updated_at: at,
    };
    await insertPlan(db, plan);
    return toGrowthPlan(plan, new Set(), today);
  }

  /** The caller's plans, newest first, each with its streak and whether today is checked in. */
  async list(userId: string): Promise<GrowthPlan[]> {
    const { db, clock } = this.options;
    const [plans, today] = await Promise.all([listPlans(db, userId), findAccountToday(db, clock, userId)]);
    const checkins = await listCheckins(
      db,
      plans.map((plan) => plan.id),
    );
    const daysByPlan = new Map<string, Set<string>>();
    for (const checkin of checkins) {
      const days = daysByPlan.get(checkin.plan_id) ?? new Set<string>();
      days.add(checkin.day);
      daysByPlan.set(checkin.plan_id, days);
    }
    return plans.map((plan) => toGrowthPlan(plan, daysByPlan.get(plan.id) ?? new Set(), today));
  }

  /**
   * Today's check-in. Once a day per plan: a second call the same day answers the same record. Outside the plan's
   * days (before start_date, after its last day) there is nothing to check in to.
   */
  async checkIn(userId: string, planId: string): Promise<PlanCheckin> {
    const { db, clock } = this.options;
    const plan = await findOwnedPlan(db, userId, planId);
    if (!plan) throw notFound('growth plan');
    const today = await findAccountToday(db, clock, userId);
    if (today < plan.start_date) {
      throw new AppError('BAD_REQUEST', `plan has not started yet: it starts on ${plan.start_date}`);
    }
    const endDate = planEndDate(plan);
    if (today > endDate) throw new AppError('BAD_REQUEST', `plan has ended: its last day was ${endDate}`);
    const checkin = await insertCheckinOnce(db, {
      id: randomUUID(),
      plan_id: plan.id,
      day: today,
      created_at: clock.now().toISOString(),
    });
    return toPlanCheckin(checkin);
  }

  /** The plan's check-ins, oldest day first. */
  async listCheckins(userId: string, planId: string): Promise<PlanCheckin[]> {
    const plan = await findOwnedPlan(this.options.db, userId, planId);
    if (!plan) throw notFound('growth plan');
    return (await listCheckins(this.options.db, [plan.id])).map(toPlanCheckin);
  }
}
