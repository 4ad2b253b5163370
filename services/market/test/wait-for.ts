export interface WaitOptions {
  /** Give up after this long (generous: CI machines are loaded). */
  timeoutMs?: number;
  intervalMs?: number;
  /** Describes the state when the wait gives up, for the failure message. */
  describeState?: () => string;
}

/**
 * Polls a condition until it holds; one that throws (e.g. not ready yet) counts as not met. Waits on a condition,
 * never on a fixed sleep, so a slow machine only makes a test slower, not red.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 10, describeState }: WaitOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const holds = async (): Promise<boolean> => {
    try {
      return await condition();
    } catch {
      return false;
    }
  };
  while (!(await holds())) {
    if (Date.now() > deadline) {
      throw new Error(`condition not met in ${timeoutMs} ms ${describeState?.() ?? ''}`.trim());
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves once `signature` has not changed for `quietMs` (e.g. messages stopped arriving). */
export async function waitUntilQuiet(
  signature: () => string,
  quietMs: number,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = signature();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error('still changing after the timeout');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const current = signature();
    if (current !== last) {
      last = current;
      since = Date.now();
    }
  }
}
