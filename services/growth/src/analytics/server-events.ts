import type { DbExecutor } from '../db/database.ts';
import { shanghaiDay } from '../calendar/calendar-day.ts';
import { recordSessionDays } from './analytics.repository.ts';
import { newEventId } from './event-ids.ts';

/** Funnel steps the service records itself when they happen (decisions: analytics event names). */
export const SERVER_EVENT_NAMES = [
  'profile_created',
  'report_created',
  'order_created',
  'order_paid',
] as const;
export type ServerEventName = (typeof SERVER_EVENT_NAMES)[number];

/** Funnels count these names only from the service itself, so a client cannot fake a payment step. */
export function isServerEventName(name: string): name is ServerEventName {
  return (SERVER_EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * Records a funnel event emitted by the service. Pass the transaction of the change it describes, so the event
 * exists exactly when the change does.
 */
export async function emitServerEvent(
  db: DbExecutor,
  event: { name: ServerEventName; userId: string; at: Date; props?: Record<string, unknown> },
): Promise<void> {
  const receivedAt = event.at.toISOString();
  const day = shanghaiDay(event.at);
  // Server events have no client session; the user id groups them per user and day in the funnel.
  const sessionId = `server:${event.userId}`;
  await db
    .insertInto('analytics_events')
    .values({
      id: newEventId(event.at.getTime()),
      user_id: event.userId,
      device_key: null,
      session_id: sessionId,
      name: event.name,
      page_path: null,
      props_json: event.props ? JSON.stringify(event.props) : null,
      client_ts_json: null,
      received_at: receivedAt,
      day,
      origin: 'server',
      occurred_ms: event.at.getTime(),
      batch_seq: 0,
      dwell_ms: null,
      is_exit: null,
      element: null,
    })
    .execute();
  await recordSessionDays(db, [{ day, session_id: sessionId, user_id: event.userId, origin: 'server' }]);
}
