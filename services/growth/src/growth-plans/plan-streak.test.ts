import { describe, expect, it } from 'vitest';
import { computeStreak } from './plan-streak.ts';

describe('computeStreak', () => {
  it('counts back from today when today is checked in', () => {
    expect(computeStreak(new Set(['2026-05-30', '2026-05-31', '2026-06-01']), '2026-06-01')).toBe(3);
  });

  it('counts back from yesterday while today is still open', () => {
    expect(computeStreak(new Set(['2026-05-30', '2026-05-31']), '2026-06-01')).toBe(2);
  });

  it('is zero once a whole day was missed', () => {
    expect(computeStreak(new Set(['2026-05-29', '2026-05-30']), '2026-06-01')).toBe(0);
    expect(computeStreak(new Set(), '2026-06-01')).toBe(0);
  });

  it('stops at the first gap and crosses month ends', () => {
    expect(computeStreak(new Set(['2026-02-26', '2026-02-28', '2026-03-01']), '2026-03-01')).toBe(2);
  });
});
