/**
 * Reading `client_ts`, which the contract allows to be any JSON value. Only a time the client clock plausibly meant is
 * used, and only to order a session's events and measure gaps between them: both come from one client clock, so its
 * offset from the server clock cancels out. Days and cross-source ordering use the server receive time instead.
 */
const EARLIEST_CLIENT_MS = Date.UTC(2000, 0, 1);
const LATEST_CLIENT_MS = Date.UTC(2100, 0, 1);
const MS_PER_SECOND = 1000;
/** Epoch values below this are seconds (year 5138 in milliseconds would be needed to reach it). */
const SECONDS_CEILING = 1e11;
const NUMERIC_TEXT = /^\d+(\.\d+)?$/;
/** ISO-8601 date-time with an explicit zone; a zone-less text would be read in the server's zone, so it is refused. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Epoch milliseconds from an epoch number (ms or s), a numeric text, or an ISO instant; null when unusable. */
export function readClientTimeMs(value: unknown): number | null {
  if (typeof value === 'number') return fromEpochNumber(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (NUMERIC_TEXT.test(text)) return fromEpochNumber(Number(text));
  if (!ISO_INSTANT.test(text)) return null;
  return withinBounds(Date.parse(text));
}

function fromEpochNumber(value: number): number | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  return withinBounds(Math.round(value < SECONDS_CEILING ? value * MS_PER_SECOND : value));
}

function withinBounds(ms: number): number | null {
  return Number.isFinite(ms) && ms >= EARLIEST_CLIENT_MS && ms < LATEST_CLIENT_MS ? ms : null;
}
