/**
 * Deterministic synthetic behaviour for the analytics benchmarks: sessions of a few dozen events in the mix a
 * content app sees (views, leaves with dwell, clicks, the funnel steps), spread over many users and days.
 */
import { randomUUID } from 'node:crypto';

export interface BenchEvent {
  name: string;
  session_id: string;
  client_ts: number;
  page_path?: string;
  props?: Record<string, unknown>;
}

export interface BenchSession {
  userIndex: number;
  dayIndex: number;
  events: BenchEvent[];
}

const PAGES = [
  '/home',
  '/explore',
  '/report/star',
  '/report/portrait',
  '/report/synastry',
  '/scales',
  '/scales/phq9',
  '/moods',
  '/ask',
  '/ask/thread',
  '/membership',
  '/orders/pay',
  '/profile',
  '/plans',
  '/cards',
  '/settings',
];
const ELEMENTS = [
  'banner',
  'cta',
  'tab_home',
  'tab_explore',
  'share',
  'buy',
  'close',
  'next',
  'back',
  'like',
];
const SESSION_MIN_EVENTS = 8;
const SESSION_EXTRA_EVENTS = 32;
const MAX_STEP_MS = 40_000;
const DAY_MS = 86_400_000;
const ACTIVE_MS_PER_DAY = 14 * 3600 * 1000;

/** Deterministic pseudo-random numbers so runs are comparable. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Skewed toward the first pages, as real traffic is. */
function pickPage(random: () => number): string {
  return PAGES[Math.floor(random() * random() * PAGES.length)]!;
}

export function generateSession(
  random: () => number,
  options: { users: number; days: number; firstDayStartMs: number },
): BenchSession {
  const userIndex = Math.floor(random() * options.users);
  const dayIndex = Math.floor(random() * options.days);
  const sessionId = randomUUID();
  let at = options.firstDayStartMs + dayIndex * DAY_MS + Math.floor(random() * ACTIVE_MS_PER_DAY);
  const length = SESSION_MIN_EVENTS + Math.floor(random() * SESSION_EXTRA_EVENTS);
  const events: BenchEvent[] = [{ name: 'app_open', session_id: sessionId, client_ts: at }];
  let page = pickPage(random);
  let viewedAt = at;
  events.push({ name: 'page_view', session_id: sessionId, client_ts: at, page_path: page });
  while (events.length < length) {
    at += 500 + Math.floor(random() * MAX_STEP_MS);
    const roll = random();
    if (roll < 0.35) {
      if (random() < 0.6) {
        events.push({
          name: 'page_leave',
          session_id: sessionId,
          client_ts: at,
          page_path: page,
          props: { dwell_ms: at - viewedAt },
        });
      }
      page = pickPage(random);
      viewedAt = at;
      events.push({ name: 'page_view', session_id: sessionId, client_ts: at, page_path: page });
    } else if (roll < 0.85) {
      const element = ELEMENTS[Math.floor(random() * ELEMENTS.length)]!;
      events.push({
        name: 'click',
        session_id: sessionId,
        client_ts: at,
        page_path: page,
        props: { element },
      });
    } else {
      events.push({
        name: 'scroll',
        session_id: sessionId,
        client_ts: at,
        page_path: page,
        props: { depth: 0.5 },
      });
    }
  }
  return { userIndex, dayIndex, events };
}
