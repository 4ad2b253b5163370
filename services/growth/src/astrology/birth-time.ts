/**
 * Local wall time at a birth place → UTC instant, with the IANA rules in force on that date
 * (historical summer time included, e.g. China 1986–1991).
 */
import { IANAZone } from 'luxon';

export const UNKNOWN_TIME_WALL_CLOCK = '12:00';
export const FALLBACK_ZONE = 'Asia/Shanghai';
const MS_PER_MINUTE = 60_000;
/** Offsets a day either side bracket any single transition around the wall time. */
const OFFSET_PROBE_MS = 36 * 60 * MS_PER_MINUTE;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface BirthInstant {
  instantUtc: Date;
  timeKnown: boolean;
  /** 'time_unknown', 'dst_ambiguous', 'dst_gap', 'zone_assumed'. */
  notes: string[];
  /** UTC offset applied, minutes east of Greenwich. */
  offsetMinutes: number;
  /** The IANA zone actually used. */
  zone: string;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function parseWallClock(birthDate: string, birthTime: string): WallClock {
  const d = DATE_PATTERN.exec(birthDate);
  const t = TIME_PATTERN.exec(birthTime);
  if (!d || !t) throw new RangeError(`invalid birth date/time: ${birthDate} ${birthTime}`);
  const wall: WallClock = {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: Number(t[1]),
    minute: Number(t[2]),
    second: t[3] === undefined ? 0 : Number(t[3]),
  };
  const probe = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
  // Date.UTC rolls 2023-02-30 over to March; a round trip catches impossible dates and times.
  if (
    probe.getUTCFullYear() !== wall.year ||
    probe.getUTCMonth() !== wall.month - 1 ||
    probe.getUTCDate() !== wall.day ||
    probe.getUTCHours() !== wall.hour ||
    probe.getUTCMinutes() !== wall.minute ||
    probe.getUTCSeconds() !== wall.second
  ) {
    throw new RangeError(`invalid birth date/time: ${birthDate} ${birthTime}`);
  }
  return wall;
}

function wallClockAsUtcMs(w: WallClock): number {
  const ms = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // Date.UTC maps years 0–99 to 1900–1999.
  return new Date(ms).setUTCFullYear(w.year);
}

/** luxon builds a fresh Intl formatter to validate a zone; the answer never changes. */
const zoneValidity = new Map<string, boolean>();

export function isValidZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    zoneValidity.set(zone, valid);
  }
  return valid;
}

/**
 * Converts a local wall time to UTC. Ambiguous wall times (clocks set back) take the earlier
 * instant, i.e. the offset in force before the change ('dst_ambiguous'). Wall times skipped by
 * a spring-forward gap are moved forward by the gap ('dst_gap'), which is what the clock would
 * have shown had it not been changed. A null time is read as 12:00 ('time_unknown').
 */
export function convertBirthTimeToUtc(
  birthDate: string,
  birthTime: string | null,
  zoneName: string,
): BirthInstant {
  const notes: string[] = [];
  const timeKnown = birthTime !== null && birthTime.trim() !== '';
  if (!timeKnown) notes.push('time_unknown');
  let zone = zoneName;
  if (!isValidZone(zone)) {
    zone = FALLBACK_ZONE;
    notes.push('zone_assumed');
  }
  const iana = IANAZone.create(zone);
  const wall = parseWallClock(birthDate, timeKnown ? birthTime.trim() : UNKNOWN_TIME_WALL_CLOCK);
  const local = wallClockAsUtcMs(wall);

  const offsetBefore = iana.offset(local - OFFSET_PROBE_MS);
  const offsetAfter = iana.offset(local + OFFSET_PROBE_MS);
  // Same offset on both sides: no transition nearby, one answer (Intl offset look-ups are the
  // slow part of casting a chart, so the common case stops here).
  if (offsetBefore === offsetAfter) {
    return {
      instantUtc: new Date(local - offsetBefore * MS_PER_MINUTE),
      timeKnown,
      notes,
      offsetMinutes: offsetBefore,
      zone,
    };
  }
  const solutions = [offsetBefore, offsetAfter]
    .map((offset) => ({ offset, instant: local - offset * MS_PER_MINUTE }))
    .filter((s) => iana.offset(s.instant) === s.offset)
    .sort((a, b) => a.instant - b.instant);

  let chosen = solutions[0];
  let offsetMinutes = chosen?.offset ?? offsetAfter;
  if (solutions.length > 1) notes.push('dst_ambiguous');
  if (!chosen) {
    // In a gap: the offset from before the change carries the wall time past the gap.
    chosen = { offset: offsetBefore, instant: local - offsetBefore * MS_PER_MINUTE };
    offsetMinutes = iana.offset(chosen.instant);
    notes.push('dst_gap');
  }
  return {
    instantUtc: new Date(chosen.instant),
    timeKnown,
    notes,
    offsetMinutes,
    zone,
  };
}
