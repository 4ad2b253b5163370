import { describe, expect, it } from 'vitest';
import { annualiseBasisPercent, changePercent, normaliseFundingRate } from './derivatives.math.ts';

describe('derivatives math', () => {
  it('normalises funding to 8 hours', () => {
    expect(normaliseFundingRate(0.0001, 8)).toBeCloseTo(0.0001, 12);
    expect(normaliseFundingRate(0.0001, 4)).toBeCloseTo(0.0002, 12);
    expect(normaliseFundingRate(0.0003, 1)).toBeCloseTo(0.0024, 12);
  });

  it('annualises the premium by funding intervals per year', () => {
    // 0.01 % premium, 8-hour funding: 1095 intervals a year → 10.95 %.
    expect(annualiseBasisPercent(100.01, 100, 8)).toBeCloseTo(10.95, 6);
    expect(annualiseBasisPercent(99.99, 100, 8)).toBeCloseTo(-10.95, 6);
    expect(annualiseBasisPercent(1, 0, 8)).toBe(0);
  });

  it('computes open-interest change or null when there is no earlier value', () => {
    expect(changePercent(110, 100)).toBeCloseTo(10, 12);
    expect(changePercent(110, undefined)).toBeNull();
    expect(changePercent(110, 0)).toBeNull();
  });
});
