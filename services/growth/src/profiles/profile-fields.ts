/**
 * Checks of profile fields that a JSON schema cannot express well (calendar validity, ranges relative to today,
 * blank text), each failing with a message that names the field.
 */
import { isValidDay } from '../calendar/calendar-day.ts';

/** The earliest birth date the product accepts; older dates are almost always typing mistakes. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';
export const DISPLAY_NAME_MAX_LENGTH = 32;
export const BIRTH_PLACE_MAX_LENGTH = 100;
export const RELATION_TYPE_MAX_LENGTH = 32;

const BIRTH_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const C0_END = 0x1f;
const C1_START = 0x7f;
const C1_END = 0x9f;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

/** C0/C1 control characters and line breaks have no place in a name or a place. */
function hasControlCharacter(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= C0_END || (code >= C1_START && code <= C1_END)) return true;
    if (code === LINE_SEPARATOR || code === PARAGRAPH_SEPARATOR) return true;
  }
  return false;
}

export class ProfileFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`body.${field} ${message}`);
    this.name = 'ProfileFieldError';
  }
}

/** `YYYY-MM-DD`, a real calendar day, from 1900-01-01 to `today` inclusive. */
export function checkBirthDate(value: string, today: string): string {
  if (!isValidDay(value)) throw new ProfileFieldError('birth_date', 'must be a valid date YYYY-MM-DD');
  if (value < EARLIEST_BIRTH_DATE || value > today) {
    throw new ProfileFieldError('birth_date', `must be between ${EARLIEST_BIRTH_DATE} and ${today}`);
  }
  return value;
}

/** `HH:mm` or `HH:mm:ss` local wall time, 00:00 to 23:59:59; null means unknown. */
export function checkBirthTime(value: string | null): string | null {
  if (value === null) return null;
  if (!BIRTH_TIME_PATTERN.test(value)) {
    throw new ProfileFieldError('birth_time', 'must be a time HH:mm or HH:mm:ss between 00:00 and 23:59:59');
  }
  return value;
}

function checkText(field: string, value: string, maxLength: number): string {
  const text = value.trim();
  if (text === '') throw new ProfileFieldError(field, 'must not be blank');
  if ([...text].length > maxLength) {
    throw new ProfileFieldError(field, `must be at most ${maxLength} characters`);
  }
  if (hasControlCharacter(text)) throw new ProfileFieldError(field, 'must not contain control characters');
  return text;
}

export function checkDisplayName(value: string): string {
  return checkText('display_name', value, DISPLAY_NAME_MAX_LENGTH);
}

/** A place name as typed; null (or blank) means unknown, which charts treat as Beijing and say so. */
export function checkBirthPlace(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  return checkText('birth_place', value, BIRTH_PLACE_MAX_LENGTH);
}

export function checkRelationType(value: string | null): string | null {
  if (value === null) return null;
  return checkText('relation_type', value, RELATION_TYPE_MAX_LENGTH);
}

/** Coordinates come as a pair: both numbers, or both null to clear them. */
export function checkCoordinates(
  lat: number | null | undefined,
  lng: number | null | undefined,
): { lat: number | null; lng: number | null } | undefined {
  if (lat === undefined && lng === undefined) return undefined;
  if (lat === undefined) throw new ProfileFieldError('geo_lat', 'is required together with body.geo_lng');
  if (lng === undefined) throw new ProfileFieldError('geo_lng', 'is required together with body.geo_lat');
  if ((lat === null) !== (lng === null)) {
    throw new ProfileFieldError(
      lat === null ? 'geo_lat' : 'geo_lng',
      'must be a number when the other coordinate is',
    );
  }
  return { lat, lng };
}
