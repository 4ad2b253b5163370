import { describe, expect, it } from 'vitest';
import type { GeoLocation } from './astrology.types.ts';
import { computeNatalAspects, computeSynastryAspects, TRANSIT_BODY_ORDER } from './aspects.engine.ts';
import {
  computeChartAt,
  computeNatalChart,
  computeSecondaryProgression,
  computeTransits,
  findLunarReturn,
  findSolarReturn,
} from './chart.engine.ts';
import { arcDistance } from './degrees.ts';
import {
  computeCompositeChart,
  computeDavisonChart,
  computeHouseOverlay,
} from './relationship-charts.engine.ts';
import { bodyNameZh, signNameZh, signOf } from './zodiac.ts';

const BEIJING: GeoLocation = {
  name: '北京',
  lat: 39.9042,
  lng: 116.4074,
  tz: 'Asia/Shanghai',
  assumed: false,
};
const SYDNEY: GeoLocation = {
  name: 'Sydney',
  lat: -33.8688,
  lng: 151.2093,
  tz: 'Australia/Sydney',
  assumed: false,
};
const MS_PER_DAY = 86_400_000;

describe('natal chart', () => {
  it('casts a complete chart with houses', () => {
    const chart = computeNatalChart({ birthDate: '1990-05-17', birthTime: '12:30', place: BEIJING });
    // May 1990 was summer time in China (UTC+9).
    expect(chart.instantUtc.toISOString()).toBe('1990-05-17T03:30:00.000Z');
    expect(chart.bodies.map((b) => b.key)).toEqual([
      'sun',
      'moon',
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'uranus',
      'neptune',
      'pluto',
      'north_node',
    ]);
    expect(chart.houseSystem).toBe('placidus');
    expect(chart.houses).toHaveLength(12);
    expect(chart.notes).toEqual([]);
    const sun = chart.bodies[0];
    expect(sun?.sign).toBe('taurus');
    expect(chart.bodies.every((b) => b.house !== null)).toBe(true);
    expect(chart.bodies.find((b) => b.key === 'north_node')?.retrograde).toBe(true);
  });

  it('without a birth time: noon local, no angles or houses, said in the notes', () => {
    const chart = computeNatalChart({ birthDate: '1990-05-17', birthTime: null, place: BEIJING });
    expect(chart.instantUtc.toISOString()).toBe('1990-05-17T03:00:00.000Z');
    expect(chart.timeKnown).toBe(false);
    expect(chart.ascendant).toBeNull();
    expect(chart.midheaven).toBeNull();
    expect(chart.houses).toBeNull();
    expect(chart.houseSystem).toBeNull();
    expect(chart.notes).toContain('time_unknown');
    expect(chart.bodies.every((b) => b.house === null)).toBe(true);
  });

  it('says when the place was assumed or the wall time was in a DST gap', () => {
    const chart = computeNatalChart({
      birthDate: '1988-04-17',
      birthTime: '02:30',
      place: { ...BEIJING, assumed: true },
    });
    expect(chart.notes).toEqual(expect.arrayContaining(['dst_gap', 'place_assumed']));
  });

  it('has Chinese names for signs and bodies', () => {
    expect(signNameZh(signOf(0))).toBe('白羊座');
    expect(signNameZh(signOf(359.99))).toBe('双鱼座');
    expect(bodyNameZh('north_node')).toBe('北交点');
  });
});

describe('aspects and transits', () => {
  const natal = computeNatalChart({ birthDate: '1990-05-17', birthTime: '12:30', place: BEIJING });

  it('finds natal aspects within their orbs, tightest first', () => {
    const aspects = computeNatalAspects(natal);
    expect(aspects.length).toBeGreaterThan(0);
    for (let i = 1; i < aspects.length; i++) {
      expect(aspects[i]?.orb).toBeGreaterThanOrEqual(aspects[i - 1]?.orb ?? 0);
    }
    for (const a of aspects) expect(a.orb).toBeLessThanOrEqual(10);
    // Saturn (295.2) – Neptune (284.3): conjunction, orb ~10.9 > 8, so none.
    expect(aspects.find((a) => a.a === 'saturn' && a.b === 'neptune')).toBeUndefined();
    // Uranus (279.1) – Neptune (284.3): conjunction within 8.
    const un = aspects.find((a) => a.a === 'uranus' && a.b === 'neptune');
    expect(un?.type).toBe('conjunction');
    expect(un?.orb).toBeCloseTo(5.19, 1);
  });

  it('lists transits within 3°, slow bodies first', () => {
    const transits = computeTransits(natal, new Date('2026-01-01T00:00:00Z'));
    const order = transits.map((t) => TRANSIT_BODY_ORDER.findIndex((k) => k === t.a));
    for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThanOrEqual(order[i - 1] ?? 0);
    for (const t of transits) {
      expect(t.orb).toBeLessThanOrEqual(3);
      expect(typeof t.applying).toBe('boolean');
    }
  });

  it('a chart transiting itself gives exact conjunctions', () => {
    const transits = computeTransits(natal, natal.instantUtc);
    for (const b of natal.bodies) {
      const self = transits.find((t) => t.a === b.key && t.b === b.key);
      expect(self?.type).toBe('conjunction');
      expect(self?.orb).toBeLessThan(1e-9);
    }
  });

  it('synastry aspects run from chart A to chart B', () => {
    const other = computeNatalChart({ birthDate: '1992-11-03', birthTime: '08:15', place: SYDNEY });
    const aspects = computeSynastryAspects(natal, other);
    expect(aspects.length).toBeGreaterThan(0);
    for (const a of aspects) {
      const la =
        a.a === 'ascendant'
          ? natal.ascendant
          : a.a === 'midheaven'
            ? natal.midheaven
            : natal.bodies.find((b) => b.key === a.a)?.longitude;
      const lb =
        a.b === 'ascendant'
          ? other.ascendant
          : a.b === 'midheaven'
            ? other.midheaven
            : other.bodies.find((b) => b.key === a.b)?.longitude;
      const angle = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 }[a.type];
      expect(Math.abs(arcDistance(la ?? Number.NaN, lb ?? Number.NaN) - angle - 0)).toBeCloseTo(a.orb, 9);
    }
  });
});

describe('progressions and returns', () => {
  const natal = computeNatalChart({ birthDate: '1990-05-17', birthTime: '12:30', place: BEIJING });

  it('progresses one day per year and moves the MC by the solar arc', () => {
    const asOf = new Date(natal.instantUtc.getTime() + 30 * 365.242189 * MS_PER_DAY);
    const progressed = computeSecondaryProgression(natal, asOf);
    expect(progressed.instantUtc.getTime() - natal.instantUtc.getTime()).toBeCloseTo(30 * MS_PER_DAY, -1);
    const sunArc = arcDistance(progressed.bodies[0]?.longitude ?? 0, natal.bodies[0]?.longitude ?? 0);
    expect(sunArc).toBeGreaterThan(28);
    expect(sunArc).toBeLessThan(30);
    expect(arcDistance(progressed.midheaven ?? 0, natal.midheaven ?? 0)).toBeCloseTo(sunArc, 9);
    expect(progressed.notes).toEqual(expect.arrayContaining(['progressed', 'angles_solar_arc']));
  });

  it('finds the solar return in the requested year', () => {
    const ret = findSolarReturn(natal, 2026);
    expect(ret.instantUtc.getUTCFullYear()).toBe(2026);
    expect(arcDistance(ret.bodies[0]?.longitude ?? 0, natal.bodies[0]?.longitude ?? 0)).toBeLessThan(1e-5);
    expect(Math.abs(ret.instantUtc.getTime() - Date.UTC(2026, 4, 17))).toBeLessThan(2 * MS_PER_DAY);
  });

  it('finds the next lunar return after a date', () => {
    const after = new Date('2026-03-01T00:00:00Z');
    const ret = findLunarReturn(natal, after);
    expect(ret.instantUtc.getTime()).toBeGreaterThan(after.getTime());
    expect(ret.instantUtc.getTime() - after.getTime()).toBeLessThan(28 * MS_PER_DAY);
    expect(arcDistance(ret.bodies[1]?.longitude ?? 0, natal.bodies[1]?.longitude ?? 0)).toBeLessThan(1e-5);
  });
});

describe('relationship charts', () => {
  const a = computeNatalChart({ birthDate: '1990-05-17', birthTime: '12:30', place: BEIJING });
  const b = computeNatalChart({ birthDate: '1992-11-03', birthTime: null, place: SYDNEY });

  it('a composite with a time-unknown partner has no houses', () => {
    const composite = computeCompositeChart(a, b);
    expect(composite.houses).toBeNull();
    expect(composite.notes).toEqual(expect.arrayContaining(['composite', 'time_unknown']));
  });

  it('a Davison chart is a real chart at the midpoint', () => {
    const davison = computeDavisonChart(a, a);
    const same = computeChartAt(a.instantUtc, davison.location, true);
    expect(davison.location.tz).toBe('Asia/Shanghai');
    expect(davison.bodies[0]?.longitude).toBe(same.bodies[0]?.longitude);
  });

  it('places the guest bodies in the host houses', () => {
    const overlay = computeHouseOverlay(a, b);
    expect(overlay).toHaveLength(11);
    expect(overlay.every((x) => x.house !== null)).toBe(true);
    expect(computeHouseOverlay(b, a).every((x) => x.house === null)).toBe(true);
  });
});
