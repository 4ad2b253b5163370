import { AppError } from '../errors/app-error.ts';
import type { FunnelWithin } from './analytics.tables.ts';
import { isServerEventName } from './server-events.ts';

/** The funnel the console shows when none is named (decisions: default funnel). */
export const DEFAULT_FUNNEL_KEY = 'core';
export const FUNNEL_KEY_PATTERN = '^[a-z][a-z0-9_]{1,39}$';
export const MIN_FUNNEL_STEPS = 2;
export const MAX_FUNNEL_STEPS = 10;

export interface FunnelDefinition {
  key: string;
  name: string;
  steps: string[];
  within: FunnelWithin;
}

/** Rules beyond the schema's: distinct steps, and server-emitted steps only where server events can join. */
export function checkFunnelSteps(steps: readonly string[], within: FunnelWithin): void {
  const seen = new Set<string>();
  steps.forEach((step, index) => {
    // One event would satisfy two equal steps at once, so a repeated step would count nothing real.
    if (seen.has(step)) throw invalid(`body.steps[${index}] repeats the step ${step}`);
    seen.add(step);
    if (within === 'session' && isServerEventName(step)) {
      throw invalid(
        `body.steps[${index}] ${step} is emitted by the server and never shares a client session; use within "day"`,
      );
    }
  });
}

/** Share of the previous step's groups that reached this step; the first step is 1 when anyone entered. */
export function computeStepConversions(counts: readonly number[]): number[] {
  return counts.map((count, index) => {
    const previous = index === 0 ? count : counts[index - 1]!;
    return previous === 0 ? 0 : roundRatio(count / previous);
  });
}

const RATIO_DECIMALS = 10_000;

export function roundRatio(value: number): number {
  return Math.round(value * RATIO_DECIMALS) / RATIO_DECIMALS;
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}

/** Reads stored `steps_json`; only this feature writes the column, so anything else is corruption, not input. */
export function parseFunnelSteps(json: string): string[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every((step): step is string => typeof step === 'string')) {
    throw new Error('analytics_funnels.steps_json is not an array of event names');
  }
  return value;
}
