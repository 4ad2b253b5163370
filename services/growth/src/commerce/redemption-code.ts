import { randomBytes } from 'node:crypto';

/** 32 symbols without the look-alikes 0/O and 1/I; 32 divides 256, so masking a random byte is unbiased. */
export const REDEMPTION_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REDEMPTION_CODE_LENGTH = 16;
const GROUP_SIZE = 4;
const SYMBOL_MASK = REDEMPTION_CODE_ALPHABET.length - 1;
const CODE_PATTERN = new RegExp(`^[${REDEMPTION_CODE_ALPHABET}]{${REDEMPTION_CODE_LENGTH}}$`);

/** 16 symbols from the crypto RNG: 80 bits, so guessing a live code is hopeless even without the rate limit. */
export function generateRedemptionCode(): string {
  const bytes = randomBytes(REDEMPTION_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += REDEMPTION_CODE_ALPHABET[byte & SYMBOL_MASK];
  return code;
}

/** The stored form of what a user typed: case, dashes and spaces ignored; null when it cannot be a code. */
export function normalizeRedemptionCode(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  return CODE_PATTERN.test(compact) ? compact : null;
}

/** `XXXX-XXXX-XXXX-XXXX`, as codes are shown and printed. */
export function formatRedemptionCode(code: string): string {
  const groups: string[] = [];
  for (let index = 0; index < code.length; index += GROUP_SIZE)
    groups.push(code.slice(index, index + GROUP_SIZE));
  return groups.join('-');
}
