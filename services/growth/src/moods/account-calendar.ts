import type { Clock } from '../clock.ts';
import { DEFAULT_TIME_ZONE, calendarDay } from '../calendar/calendar-day.ts';
import type { DbExecutor } from '../db/database.ts';

/**
 * "A day" is the calendar day in Asia/Shanghai unless the account chose another zone (decisions: quotas). A zone
 * the runtime does not know falls back to the default rather than failing the request.
 */
export async function findAccountTimeZone(db: DbExecutor, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst();
  const zone = row?.timezone;
  return zone && isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** Today's `YYYY-MM-DD` for the account. */
export async function findAccountToday(db: DbExecutor, clock: Clock, userId: string): Promise<string> {
  return calendarDay(clock.now(), await findAccountTimeZone(db, userId));
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
