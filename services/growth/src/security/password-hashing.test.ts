import { describe, expect, it } from 'vitest';
import { readGrowthConfig } from '../config.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';

describe('password hashing', () => {
  it('stores the cost in the hash, so a hash made at one cost verifies after the default changes', async () => {
    const cheap = await hashPassword('correct horse', 10);
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('wrong horse', cheap)).toBe(false);
    const standard = await hashPassword('correct horse');
    expect(standard.split('$')[1]).toBe('32768');
    expect(await verifyPassword('correct horse', standard)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password', 10)).not.toBe(await hashPassword('same password', 10));
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});

describe('PASSWORD_HASH_COST_LOG2', () => {
  it('defaults to 15 and accepts a cheaper cost outside production', () => {
    expect(readGrowthConfig({}).passwordCostLog2).toBe(15);
    expect(readGrowthConfig({ PASSWORD_HASH_COST_LOG2: '10' }).passwordCostLog2).toBe(10);
  });

  it('refuses a cost below 15 in production and values outside 10-20 anywhere, naming the variable', () => {
    const production = { NODE_ENV: 'production', GROWTH_ADMIN_PASSWORD: 'a-long-password' };
    expect(() => readGrowthConfig({ ...production, PASSWORD_HASH_COST_LOG2: '12' })).toThrow(
      /PASSWORD_HASH_COST_LOG2/,
    );
    expect(readGrowthConfig({ ...production, PASSWORD_HASH_COST_LOG2: '16' }).passwordCostLog2).toBe(16);
    expect(() => readGrowthConfig({ PASSWORD_HASH_COST_LOG2: '9' })).toThrow(/PASSWORD_HASH_COST_LOG2/);
    expect(() => readGrowthConfig({ PASSWORD_HASH_COST_LOG2: '21' })).toThrow(/PASSWORD_HASH_COST_LOG2/);
  });
});
