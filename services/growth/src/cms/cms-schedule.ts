/**
 * When operations content is live, evaluated on every read against the clock, so a scheduled change takes effect
 * at its instant without a restart or a timer. Pure; instants are ISO-8601 UTC strings as stored (`toISOString()`
 * form, which orders correctly as text).
 */
import type { PublicationAction } from './cms.tables.ts';

export interface ScheduleWindow {
  startsAt: string | null;
  endsAt: string | null;
}

/** Inside the window from `startsAt` (inclusive) until `endsAt` (exclusive); a missing end is open. */
export function isInsideWindow(window: ScheduleWindow, now: string): boolean {
  if (window.startsAt !== null && now < window.startsAt) return false;
  if (window.endsAt !== null && now >= window.endsAt) return false;
  return true;
}

export interface SwitchState {
  enabled: boolean;
  /** When an operator last flipped the switch; null for the initial (seeded or created) state. */
  enabledChangedAt: string | null;
}

export interface ScheduledChange {
  action: PublicationAction;
  publishAt: string;
  createdAt: string;
}

/**
 * The effective on/off state: the most recent of the operator's last flip and the scheduled changes that are due
 * wins. So "publish at 9:00" turns a disabled banner on at 9:00, and an operator who disables it at 9:30 turns it
 * off again without having to cancel the publication. `dueChanges` must hold only enabled changes whose
 * `publishAt` has passed.
 */
export function resolveEnabled(state: SwitchState, dueChanges: readonly ScheduledChange[]): boolean {
  let latest: ScheduledChange | null = null;
  for (const change of dueChanges) {
    if (
      latest === null ||
      change.publishAt > latest.publishAt ||
      (change.publishAt === latest.publishAt && change.createdAt > latest.createdAt)
    ) {
      latest = change;
    }
  }
  if (latest === null) return state.enabled;
  if (state.enabledChangedAt !== null && state.enabledChangedAt >= latest.publishAt) return state.enabled;
  return latest.action === 'publish';
}
