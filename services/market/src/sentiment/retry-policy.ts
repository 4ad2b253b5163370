/** How often and how patiently a failed upstream request is tried again. */
export interface RetryPolicy {
  /** Tries in total, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 60_000 };

/**
 * Exponential back-off with equal jitter: the wait doubles per attempt up to `maxDelayMs`, and half of it is random
 * so that many series failing together do not retry in lock-step. A server-given `Retry-After` is a floor.
 */
export function computeBackoffDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs = 0,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential / 2 + (random() * exponential) / 2;
  return Math.max(retryAfterMs, Math.round(jittered));
}
