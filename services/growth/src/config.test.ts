import { describe, expect, it } from 'vitest';
import { readGrowthConfig } from './config.ts';

describe('growth configuration', () => {
  it('holds the SQLite file exclusively unless GROWTH_SQLITE_LOCKING=normal', () => {
    expect(readGrowthConfig({}).sqliteLocking).toBe('exclusive');
    expect(readGrowthConfig({ GROWTH_SQLITE_LOCKING: 'normal' }).sqliteLocking).toBe('normal');
    expect(() => readGrowthConfig({ GROWTH_SQLITE_LOCKING: 'shared' })).toThrow(/GROWTH_SQLITE_LOCKING/);
  });

  it('reads TRUST_PROXY as none, any, or a list of proxy addresses and ranges, naming it when wrong', () => {
    expect(readGrowthConfig({}).trustProxy).toBe(false);
    expect(readGrowthConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readGrowthConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const value of ['proxy', '10.0.0.300', '10.0.0.0/33', '2', '10.0.0.1/8/1', ' , '])
      expect(() => readGrowthConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });

  it('schedules SQLite backups only when GROWTH_SQLITE_BACKUP_DIR is set', () => {
    expect(readGrowthConfig({}).sqliteBackups).toBeNull();
    expect(readGrowthConfig({ GROWTH_SQLITE_BACKUP_DIR: './data/backups' }).sqliteBackups).toEqual({
      directory: './data/backups',
      intervalHours: 24,
      keep: 7,
    });
    expect(() =>
      readGrowthConfig({ GROWTH_SQLITE_BACKUP_DIR: 'b', GROWTH_SQLITE_BACKUP_INTERVAL_HOURS: '0' }),
    ).toThrow(/GROWTH_SQLITE_BACKUP_INTERVAL_HOURS/);
    expect(() => readGrowthConfig({ GROWTH_SQLITE_BACKUP_KEEP: 'all' })).toThrow(/GROWTH_SQLITE_BACKUP_KEEP/);
  });
});
