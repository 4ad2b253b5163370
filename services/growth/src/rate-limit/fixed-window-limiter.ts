import type { Redis } from 'ioredis';

export interface LimitDecision {
  allowed: boolean;
  retryAfterMs: number;
}

/** Counts hits per key; a key names one window, so counters need only an expiry, never a reset. */
export interface RateLimitStore {
  increment(key: string, ttlMs: number): Promise<number>;
}

/** Single-instance counters. Expired windows are swept as the map grows, so memory stays bounded by active keys. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  private static readonly SWEEP_THRESHOLD = 10_000;

  async increment(key: string, ttlMs: number): Promise<number> {
    const now = Date.now();
    if (this.counters.size > MemoryRateLimitStore.SWEEP_THRESHOLD) {
      for (const [candidate, counter] of this.counters)
        if (counter.expiresAt <= now) this.counters.delete(candidate);
    }
    const counter = this.counters.get(key);
    if (!counter) {
      this.counters.set(key, { count: 1, expiresAt: now + ttlMs });
      return 1;
    }
    counter.count += 1;
    return counter.count;
  }
}

/** Counters shared by every instance: INCR, with the expiry set on the window's first hit. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'growth:rl:',
  ) {}

  async increment(key: string, ttlMs: number): Promise<number> {
    const redisKey = this.prefix + key;
    const result = await this.redis.multi().incr(redisKey).pexpire(redisKey, ttlMs, 'NX').exec();
    return Number(result?.[0]?.[1] ?? 1);
  }
}

/**
 * A named limit: at most `max` hits per key in each window. Windows are aligned to the epoch and named by their
 * index, so every instance (and a test's clock) agrees on where a window starts.
 */
export class FixedWindowLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async check(key: string, now: number): Promise<LimitDecision> {
    const windowIndex = Math.floor(now / this.windowMs);
    // Twice the window: the counter must outlive its window even if the store's clock runs a little behind.
    const count = await this.store.increment(`${this.name}:${key}:${windowIndex}`, this.windowMs * 2);
    const windowEnd = (windowIndex + 1) * this.windowMs;
    return { allowed: count <= this.max, retryAfterMs: count <= this.max ? 0 : windowEnd - now };
  }
}
