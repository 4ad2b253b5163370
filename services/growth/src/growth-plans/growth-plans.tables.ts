export interface GrowthPlansTable {
  id: string;
  user_id: string;
  title: string;
  goal: string;
  days: number;
  /** `YYYY-MM-DD`; the plan's last day is start_date + days − 1. */
  start_date: string;
  created_at: string;
  updated_at: string;
}

export interface GrowthPlanCheckinsTable {
  id: string;
  plan_id: string;
  day: string;
  created_at: string;
}

export interface GrowthPlansTables {
  growth_plans: GrowthPlansTable;
  growth_plan_checkins: GrowthPlanCheckinsTable;
}
