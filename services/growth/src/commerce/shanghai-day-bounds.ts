import { addDays } from '../calendar/calendar-day.ts';

/** Shanghai keeps +08:00 all year (no summer time since 1991), so its days have fixed UTC bounds. */
const SHANGHAI_OFFSET = '+08:00';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Bounds of an admin filter value: a `YYYY-MM-DD` day covers that whole calendar day in Asia/Shanghai (a `to` day
 * is inclusive); an instant is taken as it is (a `to` instant is inclusive, hence the millisecond).
 */
export function shanghaiDayBounds(value: string): { start: string; endExclusive: string } {
  if (DAY_PATTERN.test(value)) {
    return {
      start: new Date(`${value}T00:00:00${SHANGHAI_OFFSET}`).toISOString(),
      endExclusive: new Date(`${addDays(value, 1)}T00:00:00${SHANGHAI_OFFSET}`).toISOString(),
    };
  }
  const instant = new Date(value);
  return { start: instant.toISOString(), endExclusive: new Date(instant.getTime() + 1).toISOString() };
}
