import { setTimeout as sleep } from 'node:timers/promises';

/** At most `limit` requests in any sliding window of `windowMs`. */
export interface RequestWindow {
  limit: number;
  windowMs: number;
}

/**
 * A sliding-window request budget for one upstream limit. Callers `acquire()` before each request and wait when
 * the window is full, so the collector stays inside the exchange's published IP limits instead of learning them
 * from 429s. `pauseUntil` lets a 429/418 `Retry-After` hold every caller back at once.
 */
export class RequestBudget {
  private readonly sentAt: number[] = [];
  private pausedUntil = 0;

  constructor(
    private readonly window: RequestWindow,
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      while (this.sentAt.length > 0 && (this.sentAt[0] ?? 0) <= now - this.window.windowMs)
        this.sentAt.shift();
      if (this.pausedUntil > now) {
        await sleep(this.pausedUntil - now, undefined, { signal });
        continue;
      }
      if (this.sentAt.length < this.window.limit) {
        this.sentAt.push(now);
        return;
      }
      const oldest = this.sentAt[0] ?? now;
      await sleep(Math.max(1, oldest + this.window.windowMs - now), undefined, { signal });
    }
  }

  /** Holds every caller until `timestamp` (an upstream told us to back off). */
  pauseUntil(timestamp: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, timestamp);
  }

  /** Requests counted in the current window; for logs and tests. */
  used(): number {
    const now = this.now();
    return this.sentAt.filter((sent) => sent > now - this.window.windowMs).length;
  }
}
