import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { GrowthPlanCheckinsTable, GrowthPlansTable } from './growth-plans.tables.ts';

export type GrowthPlanRecord = Selectable<GrowthPlansTable>;
export type PlanCheckinRecord = Selectable<GrowthPlanCheckinsTable>;

export async function insertPlan(db: DbExecutor, plan: Insertable<GrowthPlansTable>): Promise<void> {
  await db.insertInto('growth_plans').values(plan).execute();
}

/** The caller's plan; another account's plan is indistinguishable from a missing one. */
export async function findOwnedPlan(
  db: DbExecutor,
  userId: string,
  planId: string,
): Promise<GrowthPlanRecord | undefined> {
  return db
    .selectFrom('growth_plans')
    .selectAll()
    .where('id', '=', planId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listPlans(db: DbExecutor, userId: string): Promise<GrowthPlanRecord[]> {
  return db
    .selectFrom('growth_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function listCheckins(db: DbExecutor, planIds: string[]): Promise<PlanCheckinRecord[]> {
  if (planIds.length === 0) return [];
  return db
    .selectFrom('growth_plan_checkins')
    .selectAll()
    .where('plan_id', 'in', planIds)
    .orderBy('day')
    .execute();
}

/** Once a day per plan: a second insert of the same day is ignored and the first record stays. */
export async function insertCheckinOnce(
  db: DbExecutor,
  checkin: Insertable<GrowthPlanCheckinsTable>,
): Promise<PlanCheckinRecord> {
  await db
    .insertInto('growth_plan_checkins')
    .values(checkin)
    .onConflict((conflict) => conflict.columns(['plan_id', 'day']).doNothing())
    .execute();
  return db
    .selectFrom('growth_plan_checkins')
    .selectAll()
    .where('plan_id', '=', checkin.plan_id)
    .where('day', '=', checkin.day)
    .executeTakeFirstOrThrow();
}
