import { describe, expect, it } from 'vitest';
import { readClientTimeMs } from './client-time.ts';

describe('readClientTimeMs', () => {
  const instant = Date.UTC(2026, 5, 1, 4, 0, 0, 250);

  it('reads epoch milliseconds, epoch seconds and their numeric texts', () => {
    expect(readClientTimeMs(instant)).toBe(instant);
    expect(readClientTimeMs(instant / 1000)).toBe(instant);
    expect(readClientTimeMs(String(instant))).toBe(instant);
    expect(readClientTimeMs('1780286400')).toBe(1_780_286_400_000);
  });

  it('reads ISO instants with a zone', () => {
    expect(readClientTimeMs('2026-06-01T04:00:00.250Z')).toBe(instant);
    expect(readClientTimeMs('2026-06-01T12:00:00.250+08:00')).toBe(instant);
  });

  it('refuses values that name no plausible instant', () => {
    for (const value of [
      null,
      true,
      {},
      [instant],
      'yesterday',
      '2026-06-01 12:00:00',
      '2026-06-01T12:00:00',
      -5,
      0,
      42,
      Date.UTC(2200, 0, 1),
      Number.NaN,
    ]) {
      expect(readClientTimeMs(value)).toBeNull();
    }
  });
});
