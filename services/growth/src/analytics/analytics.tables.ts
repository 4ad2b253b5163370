export interface AnalyticsEventsTable {
  id: string;
  user_id: string | null;
  device_key: string | null;
  session_id: string;
  name: string;
  page_path: string | null;
  props_json: string | null;
  /** As the client sent it (any JSON type), kept verbatim. */
  client_ts_json: string | null;
  /** Server receive time, ISO UTC: the clock the aggregates trust. */
  received_at: string;
  /** Calendar day of `received_at` in Asia/Shanghai, precomputed so day aggregates need no time-zone math in SQL. */
  day: string;
  /** `client` for ingested events, `server` for the ones the service emits itself. */
  origin: 'client' | 'server';
  /**
   * Session order, epoch ms: the client's own time when `client_ts` names a plausible instant, else the receive time.
   * Orders a session's events and measures the gaps between them (one client clock, so its offset cancels).
   */
  occurred_ms: number;
  /** Position in the ingested batch: breaks ties of `occurred_ms` in the order the client sent the events. */
  batch_seq: number;
  /** `page_leave`: the reported `props.dwell_ms` (clamped); `page_view`: the visit's dwell as linked; else null. */
  dwell_ms: number | null;
  /** `page_view` only: 1 when no later page view exists in the session, kept current as events arrive. */
  is_exit: number | null;
  /** `click` only: `props.element`, so the click ranking groups by a column instead of parsing JSON. */
  element: string | null;
}

/** Steps count when they happen in order within one user's day (client and server events) or one client session. */
export type FunnelWithin = 'day' | 'session';

/** Editable funnel definitions; `core` is seeded and is the default. */
export interface AnalyticsFunnelsTable {
  id: string;
  key: string;
  name: string;
  /** JSON array of event names, in funnel order. */
  steps_json: string;
  within: FunnelWithin;
  created_at: string;
  updated_at: string;
}

/**
 * One row per session and day it was active in, written with the events: the overview counts sessions and distinct
 * users here, over a row per session instead of a row per event. Server events use the session `server:<user id>`.
 */
export interface AnalyticsSessionDaysTable {
  day: string;
  session_id: string;
  user_id: string | null;
  origin: 'client' | 'server';
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable;
  analytics_session_days: AnalyticsSessionDaysTable;
  analytics_funnels: AnalyticsFunnelsTable;
}
