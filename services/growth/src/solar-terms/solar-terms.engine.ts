/**
 * Exact instants of the 24 solar terms.
 *
 * Built on tyme4ts, whose `SolarTerm#getJulianDay` is the 寿星万年历 (Xu Jianwei) algorithm:
 * a truncated VSOP87 solar theory with nutation, aberration and a ΔT model, returning a Julian
 * day in Beijing time (UTC+8). It was chosen over astronomy-engine's `SearchSunLongitude`
 * because it is the more accurate of the two against the references we hold (see
 * reference-data/README.md): against the 72 Hong Kong Observatory instants of 2024–2026 it
 * deviates by at most 36 s (the HKO values are rounded to the minute), and against the
 * to-the-second JPL Horizons instants it deviates by at most 2.4 s; astronomy-engine deviates
 * by up to 60 s from HKO and 40 s from JPL, right at the contract's one-minute tolerance.
 */
import { SolarTerm } from 'tyme4ts';
import { SOLAR_TERMS, type SolarTermDefinition, type SolarTermKey } from './solar-term-catalog.ts';

export interface SolarTermInstant {
  readonly key: SolarTermKey;
  readonly name: string;
  readonly longitude: number;
  readonly startsAt: Date;
}

export interface SolarTermPosition {
  /** The term in effect at the instant asked about (the latest one that has begun). */
  readonly current: SolarTermInstant;
  /** The term that begins next after that instant. */
  readonly next: SolarTermInstant;
}

/**
 * Years the engine answers for. Outside this window the uncertainty of ΔT (Earth-rotation
 * drift) alone exceeds minutes, so an "exact instant" would be a false promise.
 */
export const SOLAR_TERM_YEAR_RANGE = { min: 1000, max: 3000 } as const;

const TERMS_PER_YEAR = 24;
const MS_PER_SECOND = 1000;
const MS_PER_DAY = 86_400_000;
/** Julian day of the Unix epoch, 1970-01-01T00:00Z. */
const UNIX_EPOCH_JULIAN_DAY = 2_440_587.5;
/**
 * China Standard Time. China has kept UTC+8 without summer time since 1992; this engine is used
 * for present-day "which term is it" questions, so the 1986–1991 summer time is not modelled.
 */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const CALENDAR_DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The 24 terms whose instants fall in the given Gregorian calendar year (Beijing time),
 * 小寒 first and 冬至 last, each with a fresh `Date`.
 */
export function listSolarTerms(year: number): SolarTermInstant[] {
  assertSupportedYear(year);
  return computeCalendarYearTerms(year);
}

/**
 * The solar term in effect at `instant` (a term is in effect from its own instant, inclusive,
 * until the next term's instant) and the one that follows it.
 */
export function findSolarTermAt(instant: Date): SolarTermPosition {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('instant is not a valid date');
  const year = new Date(time + BEIJING_OFFSET_MS).getUTCFullYear();
  assertSupportedYear(year);

  // The Beijing calendar year holds 小寒..冬至; before its 小寒 the previous year's 冬至 is in
  // effect, after its 冬至 the next one is the following year's 小寒.
  const terms = [
    ...computeCalendarYearTerms(year - 1).slice(-1),
    ...computeCalendarYearTerms(year),
    ...computeCalendarYearTerms(year + 1).slice(0, 1),
  ];
  for (let index = terms.length - 2; index >= 0; index -= 1) {
    const current = terms[index];
    const next = terms[index + 1];
    if (current && next && current.startsAt.getTime() <= time) return { current, next };
  }
  throw new Error(`no solar term found before ${instant.toISOString()}`);
}

/**
 * The solar term of a calendar day in Beijing time (`YYYY-MM-DD`): the term in effect at the
 * end of that day, so the day on which a term begins already belongs to it (立春 is "today"
 * all through the day of 立春, as calendars print it).
 */
export function findSolarTermOnDay(day: string): SolarTermPosition {
  const match = CALENDAR_DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`day must be YYYY-MM-DD: ${day}`);
  const [, yearText, monthText, dayText] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const dayOfMonth = Number(dayText);
  const startOfDayUtc = new Date(0);
  startOfDayUtc.setUTCFullYear(year, month - 1, dayOfMonth);
  if (
    startOfDayUtc.getUTCFullYear() !== year ||
    startOfDayUtc.getUTCMonth() !== month - 1 ||
    startOfDayUtc.getUTCDate() !== dayOfMonth
  ) {
    throw new RangeError(`not a calendar day: ${day}`);
  }
  const lastMomentOfBeijingDay = startOfDayUtc.getTime() - BEIJING_OFFSET_MS + MS_PER_DAY - 1;
  return findSolarTermAt(new Date(lastMomentOfBeijingDay));
}

function assertSupportedYear(year: number): void {
  if (!Number.isInteger(year) || year < SOLAR_TERM_YEAR_RANGE.min || year > SOLAR_TERM_YEAR_RANGE.max) {
    throw new RangeError(
      `year must be an integer from ${SOLAR_TERM_YEAR_RANGE.min} to ${SOLAR_TERM_YEAR_RANGE.max}: ${year}`,
    );
  }
}

function computeCalendarYearTerms(year: number): SolarTermInstant[] {
  return SOLAR_TERMS.map((definition, calendarIndex) => ({
    key: definition.key,
    name: definition.name,
    longitude: definition.longitude,
    startsAt: new Date(computeTermInstantMs(year, calendarIndex, definition)),
  }));
}

/**
 * tyme4ts numbers a year's terms from the previous December's 冬至 (index 0) to 大雪 (23), so
 * calendar index c maps to tyme index c + 1, and this year's 冬至 is index 0 of the next year.
 */
function computeTermInstantMs(year: number, calendarIndex: number, definition: SolarTermDefinition): number {
  const tymeIndex = (calendarIndex + 1) % TERMS_PER_YEAR;
  const tymeYear = tymeIndex === 0 ? year + 1 : year;
  const term = SolarTerm.fromIndex(tymeYear, tymeIndex);
  if (term.getName() !== definition.name) {
    throw new Error(`tyme4ts term order changed: expected ${definition.name}, got ${term.getName()}`);
  }
  const beijingJulianDay = term.getJulianDay().getDay();
  const utcMs = (beijingJulianDay - UNIX_EPOCH_JULIAN_DAY) * MS_PER_DAY - BEIJING_OFFSET_MS;
  // The algorithm is good to a few seconds; whole seconds keep the ISO strings tidy.
  return Math.round(utcMs / MS_PER_SECOND) * MS_PER_SECOND;
}
