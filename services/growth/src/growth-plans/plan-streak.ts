import { addDays } from '../calendar/calendar-day.ts';

/**
 * Consecutive checked-in days ending today, or ending yesterday while today is still open: a streak is not broken
 * until a whole day passes without a check-in.
 */
export function computeStreak(checkinDays: ReadonlySet<string>, today: string): number {
  let day = checkinDays.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (checkinDays.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}
