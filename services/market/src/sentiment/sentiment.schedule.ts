/** Binance publishes the 15-minute series on the quarter hour; every metric is refreshed on that grid. */
export const SENTIMENT_REFRESH_INTERVAL_MS = 15 * 60_000;
/** Wait this long past the quarter hour: the just-closed period takes a few seconds to appear upstream. */
export const SENTIMENT_REFRESH_DELAY_MS = 20_000;

/** The next refresh instant after `now`: :00, :15, :30 or :45 UTC plus the delay. */
export function computeNextRefreshAt(
  now: number,
  intervalMs = SENTIMENT_REFRESH_INTERVAL_MS,
  delayMs = SENTIMENT_REFRESH_DELAY_MS,
): number {
  const candidate = Math.floor(now / intervalMs) * intervalMs + delayMs;
  return candidate > now ? candidate : candidate + intervalMs;
}
