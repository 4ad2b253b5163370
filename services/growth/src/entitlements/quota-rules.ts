import { DEFAULT_TIME_ZONE, calendarDay } from '../calendar/calendar-day.ts';

/** Daily allowances of the decisions ("Quotas and prices"); constructor options may override them. */
export interface QuotaRules {
  askFreePerDay: number;
  askMemberPerDay: number;
  imageCardFreePerDay: number;
}

export const DEFAULT_QUOTA_RULES: QuotaRules = {
  askFreePerDay: 5,
  askMemberPerDay: 100,
  imageCardFreePerDay: 3,
};

/**
 * The account's calendar day: its own time zone when it set a valid one, otherwise Asia/Shanghai. A zone the
 * runtime does not know falls back rather than failing every quota read of that account.
 */
export function quotaDay(at: Date, timeZone: string | null): string {
  if (timeZone) {
    try {
      return calendarDay(at, timeZone);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  return calendarDay(at, DEFAULT_TIME_ZONE);
}
