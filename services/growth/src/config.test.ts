import { describe, expect, it } from 'vitest';
import { readGrowthConfig } from './config.ts';

describe('growth configuration', () => {
  it('holds the SQLite file exclusively unless GROWTH_SQLITE_LOCKING=normal', () => {
    expect(readGrowthConfig({}).sqliteLocking).toBe('exclusive');
    expect(readGrowthConfig({ GROWTH_SQLITE_LOCKING: 'normal' }).sqliteLocking).toBe('normal');
    expect(() => readGrowthConfig({ GROWTH_SQLITE_LOCKING: 'shared' })).toThrow(/GROWTH_SQLITE_LOCKING/);
  });
});
