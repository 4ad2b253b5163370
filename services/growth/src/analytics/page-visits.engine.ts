/**
 * Page visits of one session: which page view was the session's last (an exit) and how long each view lasted.
 * Pure, so ingestion can run it over a session's neighbourhood and the aggregates can read the results as columns.
 */

/** Dwell samples longer than this are not dwell: the user left the app open, or left it without a `page_leave`. */
export const MAX_DWELL_MS = 30 * 60 * 1000;

export interface PageEvent {
  name: 'page_view' | 'page_leave';
  pagePath: string | null;
  occurredMs: number;
  /** `page_leave` only: the reported dwell, already clamped by `readReportedDwellMs`; null when absent or unusable. */
  dwellMs: number | null;
}

export interface PageVisit {
  dwellMs: number | null;
  isExit: boolean;
}

/**
 * Links a session's page events, given in session order. A view's dwell is the `dwell_ms` of the first `page_leave`
 * of the same page before the next view; without one it is the gap to the next view when that gap is at most
 * `MAX_DWELL_MS`; otherwise unknown (null). A view is an exit when no view follows it in the session.
 *
 * The events must run to the session's end (a view is an exit only if nothing follows it). Returns one entry per
 * input position, null for `page_leave` positions.
 */
export function linkPageVisits(events: readonly PageEvent[]): (PageVisit | null)[] {
  const visits: (PageVisit | null)[] = events.map(() => null);
  let nextViewMs: number | null = null;
  // Reported dwell by page, of the leaves between the current position and the next view; earliest leave wins.
  const leaveDwellByPath = new Map<string | null, number>();
  // Walk backwards so each view has already seen the next view and every leave after it.
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    if (event.name === 'page_leave') {
      if (event.dwellMs !== null) leaveDwellByPath.set(event.pagePath, event.dwellMs);
      continue;
    }
    let dwellMs = leaveDwellByPath.get(event.pagePath) ?? null;
    if (dwellMs === null && nextViewMs !== null) {
      const gap = nextViewMs - event.occurredMs;
      dwellMs = gap >= 0 && gap <= MAX_DWELL_MS ? gap : null;
    }
    visits[index] = { dwellMs, isExit: nextViewMs === null };
    nextViewMs = event.occurredMs;
    leaveDwellByPath.clear();
  }
  return visits;
}

/** `props.dwell_ms` of a `page_leave`: a finite non-negative number, clamped to `MAX_DWELL_MS`; null otherwise. */
export function readReportedDwellMs(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return Math.min(Math.round(value), MAX_DWELL_MS);
}
