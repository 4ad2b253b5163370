import { Type } from '@sinclair/typebox';
import { AppError } from '../errors/app-error.ts';
import { LINK_RULE, isValidLink } from './cms-links.ts';

/**
 * Field schemas and checks shared by the CMS catalogs. Nullable unions list Null first: the validator coerces
 * types, and with Null second a JSON null would be coerced to "" by the string branch.
 */
export const SORT_FIELD = Type.Integer({ minimum: 0, maximum: 100_000 });
export const INSTANT_FIELD = Type.Union([Type.Null(), Type.String({ format: 'date-time' })]);
export const LINK_FIELD = Type.String({ minLength: 1, maxLength: 500 });
export const NULLABLE_LINK_FIELD = Type.Union([Type.Null(), LINK_FIELD]);
export const NULLABLE_TEXT = (maxLength: number) => Type.Union([Type.Null(), Type.String({ maxLength })]);
export const SORT_STEP = 10;

/** Stored instants are `toISOString()` text, so they order correctly as strings in both databases. */
export function normalizeInstant(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

export function checkLink(field: string, value: string | null): void {
  if (value !== null && !isValidLink(value)) throw new AppError('VALIDATION_FAILED', `${field} ${LINK_RULE}`);
}

export function checkWindow(startsAt: string | null, endsAt: string | null): void {
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    throw new AppError('VALIDATION_FAILED', 'body.ends_at must be later than body.starts_at');
  }
}

export function checkNotBlank(field: string, value: string): void {
  if (value.trim().length === 0) throw new AppError('VALIDATION_FAILED', `${field} must not be blank`);
}
