import { shanghaiDay } from '../calendar/calendar-day.ts';
import { AppError } from '../errors/app-error.ts';
import type { AnalyticsEventsTable } from './analytics.tables.ts';
import { readClientTimeMs } from './client-time.ts';
import { readReportedDwellMs } from './page-visits.engine.ts';

export const MAX_BATCH_ITEMS = 100;
export const MAX_PROPS_BYTES = 4096;
/** `client_ts` may be any JSON value, but a timestamp needs few bytes; a bound keeps rows small. */
export const MAX_CLIENT_TS_BYTES = 256;
const MAX_ELEMENT_LENGTH = 128;
/** Session ids the service mints for its own events (`server:<user id>`); a client may not write into them. */
export const SERVER_SESSION_PREFIX = 'server:';

export interface IncomingEvent {
  name: string;
  session_id: string;
  client_ts: unknown;
  page_path?: string | null;
  props?: Record<string, unknown>;
}

export type EventRow = AnalyticsEventsTable;

export interface BatchContext {
  userId: string;
  deviceKey: string;
  receivedAt: Date;
  /** Event ids from the receive time (time-ordered ids keep inserts local in the primary-key index). */
  newId: (nowMs: number) => string;
}

/**
 * Turns a client batch into rows, or rejects the whole batch naming the first bad item: a partly stored batch would
 * leave the client unable to tell what to resend. The schema has checked types and lengths; this checks the rest.
 */
export function buildEventRows(items: readonly IncomingEvent[], context: BatchContext): EventRow[] {
  const receivedAt = context.receivedAt.toISOString();
  const receivedMs = context.receivedAt.getTime();
  const day = shanghaiDay(context.receivedAt);
  return items.map((item, index) => {
    const field = (name: string) => `body.items[${index}].${name}`;
    if (item.session_id.startsWith(SERVER_SESSION_PREFIX)) {
      throw invalid(`${field('session_id')} must not start with "${SERVER_SESSION_PREFIX}" (reserved)`);
    }
    const clientTsJson = JSON.stringify(item.client_ts ?? null);
    if (Buffer.byteLength(clientTsJson) > MAX_CLIENT_TS_BYTES) {
      throw invalid(`${field('client_ts')} must serialise to at most ${MAX_CLIENT_TS_BYTES} bytes`);
    }
    const propsJson = item.props === undefined ? null : JSON.stringify(item.props);
    if (propsJson !== null && Buffer.byteLength(propsJson) > MAX_PROPS_BYTES) {
      throw invalid(`${field('props')} must serialise to at most ${MAX_PROPS_BYTES} bytes`);
    }
    return {
      id: context.newId(receivedMs),
      user_id: context.userId,
      device_key: context.deviceKey,
      session_id: item.session_id,
      name: item.name,
      page_path: item.page_path ? item.page_path : null,
      props_json: propsJson,
      client_ts_json: clientTsJson,
      received_at: receivedAt,
      day,
      origin: 'client',
      occurred_ms: readClientTimeMs(item.client_ts) ?? receivedMs,
      batch_seq: index,
      dwell_ms: item.name === 'page_leave' ? readReportedDwellMs(item.props?.dwell_ms) : null,
      is_exit: null,
      element: item.name === 'click' ? readElement(item.props?.element) : null,
    };
  });
}

function readElement(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const element = value.trim();
  return element === '' ? null : element.slice(0, MAX_ELEMENT_LENGTH);
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}
