import { describe, expect, it } from 'vitest';
import { convertBirthTimeToUtc } from './birth-time.ts';

describe('convertBirthTimeToUtc', () => {
  it('applies China summer time 1986–1991 (UTC+9)', () => {
    const r = convertBirthTimeToUtc('1988-06-01', '12:00', 'Asia/Shanghai');
    expect(r.instantUtc.toISOString()).toBe('1988-06-01T03:00:00.000Z');
    expect(r.offsetMinutes).toBe(540);
    expect(r.notes).toEqual([]);
  });

  it('uses UTC+8 in China outside summer time', () => {
    const r = convertBirthTimeToUtc('1995-06-01', '12:00:30', 'Asia/Shanghai');
    expect(r.instantUtc.toISOString()).toBe('1995-06-01T04:00:30.000Z');
  });

  it('takes the earlier instant for an ambiguous wall time and says so', () => {
    // 1988-09-11 02:00 CDT → 01:00 CST: 01:30 happened twice.
    const r = convertBirthTimeToUtc('1988-09-11', '01:30', 'Asia/Shanghai');
    expect(r.instantUtc.toISOString()).toBe('1988-09-10T16:30:00.000Z');
    expect(r.notes).toContain('dst_ambiguous');
    const ny = convertBirthTimeToUtc('2021-11-07', '01:30', 'America/New_York');
    expect(ny.instantUtc.toISOString()).toBe('2021-11-07T05:30:00.000Z');
    expect(ny.notes).toContain('dst_ambiguous');
  });

  it('moves a wall time inside a spring-forward gap forward and says so', () => {
    // 1988-04-17 02:00 CST → 03:00 CDT: 02:30 never happened; read as 03:30 CDT.
    const r = convertBirthTimeToUtc('1988-04-17', '02:30', 'Asia/Shanghai');
    expect(r.instantUtc.toISOString()).toBe('1988-04-16T18:30:00.000Z');
    expect(r.notes).toContain('dst_gap');
    const ny = convertBirthTimeToUtc('2021-03-14', '02:30', 'America/New_York');
    expect(ny.instantUtc.toISOString()).toBe('2021-03-14T07:30:00.000Z');
    expect(ny.notes).toContain('dst_gap');
  });

  it('reads a missing time as 12:00 local and marks it unknown', () => {
    const r = convertBirthTimeToUtc('1990-01-01', null, 'Asia/Shanghai');
    expect(r.instantUtc.toISOString()).toBe('1990-01-01T04:00:00.000Z');
    expect(r.timeKnown).toBe(false);
    expect(r.notes).toEqual(['time_unknown']);
  });

  it('handles southern-hemisphere summer time', () => {
    const r = convertBirthTimeToUtc('2000-01-15', '10:00', 'Australia/Sydney');
    expect(r.instantUtc.toISOString()).toBe('2000-01-14T23:00:00.000Z');
  });

  it('falls back to Asia/Shanghai for an unknown zone', () => {
    const r = convertBirthTimeToUtc('2000-01-15', '10:00', 'Mars/Olympus_Mons');
    expect(r.zone).toBe('Asia/Shanghai');
    expect(r.notes).toContain('zone_assumed');
    expect(r.instantUtc.toISOString()).toBe('2000-01-15T02:00:00.000Z');
  });

  it('rejects impossible dates and times', () => {
    expect(() => convertBirthTimeToUtc('2001-02-29', '10:00', 'UTC')).toThrow(RangeError);
    expect(() => convertBirthTimeToUtc('2001-01-01', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => convertBirthTimeToUtc('2001/01/01', '10:00', 'UTC')).toThrow(RangeError);
  });
});
