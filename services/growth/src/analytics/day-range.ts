import { addDays, isValidDay } from '../calendar/calendar-day.ts';
import { AppError } from '../errors/app-error.ts';

/** A year, leap day included: enough for year-on-year views, small enough to keep every aggregate bounded. */
export const MAX_RANGE_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
  /** Every day from `from` to `to`, inclusive. */
  days: string[];
}

/** `from`/`to` are Asia/Shanghai calendar days, both inclusive, the same days the events are stored under. */
export function readDayRange(from: string, to: string): DayRange {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isValidDay(value)) throw invalid(`querystring.${name} must be a date (YYYY-MM-DD)`);
  }
  if (from > to) throw invalid('querystring.from must not be after querystring.to');
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (days.length === MAX_RANGE_DAYS) throw invalid(`the range may span at most ${MAX_RANGE_DAYS} days`);
    days.push(day);
  }
  return { from, to, days };
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}
