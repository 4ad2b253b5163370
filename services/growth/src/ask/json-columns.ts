import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Reading JSON text columns back. The rows are written by this service, but a column edited by hand or by an
 * older version must not crash a request: a value that fails its schema reads as the fallback.
 */
export function readJsonColumn<T extends TSchema, F = Static<T>>(
  text: string | null,
  schema: T,
  fallback: F,
): Static<T> | F {
  if (text === null) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  return Value.Check(schema, value) ? value : fallback;
}

/** Parses JSON text that must be a plain object; anything else reads as `{}`. */
export function readJsonObject(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
