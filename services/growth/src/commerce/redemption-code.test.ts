import { describe, expect, it } from 'vitest';
import {
  REDEMPTION_CODE_ALPHABET,
  formatRedemptionCode,
  generateRedemptionCode,
  normalizeRedemptionCode,
} from './redemption-code.ts';

describe('redemption codes', () => {
  it('draws 16 symbols from the alphabet without look-alikes', () => {
    const codes = Array.from({ length: 500 }, generateRedemptionCode);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(REDEMPTION_CODE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('uses every symbol of the alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, generateRedemptionCode).join(''));
    expect(seen.size).toBe(REDEMPTION_CODE_ALPHABET.length);
  });

  it('shows codes grouped by four', () => {
    expect(formatRedemptionCode('ABCD2345EFGH6789')).toBe('ABCD-2345-EFGH-6789');
  });

  it('matches ignoring case, dashes and spaces', () => {
    expect(normalizeRedemptionCode('abcd-2345-efgh-6789')).toBe('ABCD2345EFGH6789');
    expect(normalizeRedemptionCode(' ABCD 2345 EFGH 6789 ')).toBe('ABCD2345EFGH6789');
  });

  it.each([
    ['too short', 'ABCD-2345-EFGH-678'],
    ['too long', 'ABCD-2345-EFGH-67899'],
    ['a look-alike', 'ABCD-2345-EFGH-678O'],
    ['a foreign symbol', 'ABCD-2345-EFGH-67#9'],
    ['empty', ''],
  ])('rejects %s input', (_case, input) => {
    expect(normalizeRedemptionCode(input)).toBeNull();
  });
});
