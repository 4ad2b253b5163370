import { shanghaiDay } from '../calendar/calendar-day.ts';
import type { Clock } from '../clock.ts';
import { findSolarTermOnDay, getSolarTermAdvice, type SolarTermInstant } from './index.ts';
import type { SolarTermToday } from './solar-terms.schemas.ts';

/**
 * Today's solar term and its advice. "Today" is the calendar day in Asia/Shanghai (decisions: solar terms), and the
 * day a term begins already belongs to it, as printed calendars show it.
 */
export function describeSolarTermToday(clock: Clock): SolarTermToday {
  const day = shanghaiDay(clock.now());
  const { current, next } = findSolarTermOnDay(day);
  return { day, term: toTerm(current), next: toTerm(next), advice: { ...getSolarTermAdvice(current.key) } };
}

function toTerm(term: SolarTermInstant) {
  return { key: term.key, name: term.name, starts_at: term.startsAt.toISOString() };
}
