/** How report texts write dates: calendar days in Asia/Shanghai (decisions: "today"), in Chinese. */
import { addDays, calendarDay, DEFAULT_TIME_ZONE } from '../../calendar/calendar-day.ts';

export const REPORT_TIME_ZONE = DEFAULT_TIME_ZONE;

export function reportDay(instant: Date): string {
  return calendarDay(instant, REPORT_TIME_ZONE);
}

/** `6月3日` */
export function formatMonthDay(instant: Date): string {
  const [, month, day] = reportDay(instant).split('-');
  return `${Number(month)}月${Number(day)}日`;
}

/** `2026年6月` */
export function formatYearMonth(instant: Date): string {
  const [year, month] = reportDay(instant).split('-');
  return `${year}年${Number(month)}月`;
}

/** `2026年6月3日` */
export function formatFullDate(instant: Date): string {
  const [year] = reportDay(instant).split('-');
  return `${year}年${formatMonthDay(instant)}`;
}

export function dayAfter(day: string, days: number): string {
  return addDays(day, days);
}

/** Noon of a Shanghai calendar day: the instant a day's sky is sampled at. */
export function noonOf(day: string): Date {
  return new Date(`${day}T12:00:00+08:00`);
}
