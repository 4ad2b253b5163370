import * as Astronomy from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { computeNatalChart, type Aspect, type Chart } from '../../astrology/index.ts';
import { TemplateBook } from '../templates/template-book.ts';
import { buildPortraitReport } from './portrait.builder.ts';
import { biorhythmPhase, biorhythmValue, buildRhythmReport } from './rhythm.builder.ts';
import { buildStarReport } from './star.builder.ts';
import { computeLifeCycles } from './life-cycles.ts';
import { findLunations, houseOf } from './sky-events.ts';
import { computeSynastryIndexes } from './synastry-indexes.ts';
import { buildSynastryReport } from './synastry.builder.ts';

const BEIJING = { name: '北京', lat: 39.9042, lng: 116.4074, tz: 'Asia/Shanghai', assumed: false };

function chartOf(birthDate: string, birthTime: string | null): Chart {
  return computeNatalChart({ birthDate, birthTime, place: BEIJING });
}

function noAspectComposite(): Chart {
  // A composite whose bodies all sit 1° apart has only conjunctions among non-scored pairs... use a real chart
  // far from any Saturn or Sun–Moon aspect instead: built below per test.
  return chartOf('1990-05-17', '08:30');
}

describe('synastry indexes', () => {
  it('scores no inter-chart aspects as attraction 0 and harmony 50', () => {
    const { indexes } = computeSynastryIndexes([], noAspectComposite());
    expect(indexes.attraction).toBe(0);
    expect(indexes.harmony).toBe(50);
  });

  it('follows the documented attraction rule for one exact Venus–Mars conjunction', () => {
    const exact: Aspect = { a: 'venus', b: 'mars', type: 'conjunction', orb: 0 };
    const { indexes, drivers } = computeSynastryIndexes([exact], noAspectComposite());
    expect(indexes.attraction).toBe(Math.round(100 * (1 - Math.exp(-1 / 1.5))));
    expect(drivers.attraction[0]).toMatchObject({ a: 'venus', b: 'mars', points: 1 });
  });

  it('raises harmony for trines and lowers it for squares between personal points', () => {
    const trine: Aspect = { a: 'sun', b: 'moon', type: 'trine', orb: 0 };
    const square: Aspect = { a: 'sun', b: 'moon', type: 'square', orb: 0 };
    const composite = noAspectComposite();
    expect(computeSynastryIndexes([trine], composite).indexes.harmony).toBe(
      Math.round(50 + 50 * Math.tanh(1.5 / 2.5)),
    );
    expect(computeSynastryIndexes([square], composite).indexes.harmony).toBe(
      Math.round(50 - 50 * Math.tanh(1.5 / 2.5)),
    );
  });

  it('keeps every index an integer in 0..100 for many couples', () => {
    const days = ['1950-01-01', '1968-07-21', '1979-03-03', '1988-12-12', '1995-06-30', '2003-10-10'];
    for (const a of days) {
      for (const b of days) {
        const report = buildSynastryReport({
          a: { profileId: 'a', displayName: '甲', chart: chartOf(a, '06:00') },
          b: { profileId: 'b', displayName: '乙', chart: chartOf(b, null) },
          asOf: '2026-06-01',
          asOfInstant: new Date('2026-06-01T04:00:00Z'),
          templates: new TemplateBook(),
        });
        for (const value of Object.values(report.summary.indexes)) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
        expect(report.summary.charts).toHaveLength(6);
      }
    }
  });
});

describe('biorhythm', () => {
  it('starts every cycle at zero on the day of birth and peaks a quarter period later', () => {
    expect([
      biorhythmValue('physical', 0),
      biorhythmValue('emotional', 0),
      biorhythmValue('intellectual', 0),
    ]).toEqual([0, 0, 0]);
    expect(biorhythmValue('emotional', 7)).toBe(100);
    expect(biorhythmValue('emotional', 21)).toBe(-100);
    expect(biorhythmPhase('emotional', 0)).toBe('critical');
    expect(biorhythmPhase('emotional', 7)).toBe('high');
    expect(biorhythmPhase('emotional', 21)).toBe('low');
    expect(biorhythmPhase('emotional', 2)).toBe('rising');
    // Half a period: back through zero.
    expect(biorhythmPhase('emotional', 14)).toBe('critical');
  });
});

describe('sky events', () => {
  it('finds new and full moons within minutes of astronomy-engine’s own search', () => {
    const from = new Date('2026-06-01T04:00:00Z');
    const lunations = findLunations(from, 30);
    expect(lunations.map((l) => l.kind)).toEqual(['new', 'full']);
    for (const lunation of lunations) {
      const reference = Astronomy.SearchMoonPhase(lunation.kind === 'new' ? 0 : 180, from, 30);
      expect(reference).not.toBeNull();
      expect(Math.abs(lunation.at.getTime() - reference!.date.getTime())).toBeLessThan(5 * 60_000);
    }
  });

  it('places a longitude in the house whose cusps enclose it, across 0°', () => {
    const cusps = [350, 20, 50, 80, 110, 140, 170, 200, 230, 260, 290, 320];
    expect(houseOf(355, cusps)).toBe(1);
    expect(houseOf(5, cusps)).toBe(1);
    expect(houseOf(20, cusps)).toBe(2);
    expect(houseOf(349.9, cusps)).toBe(12);
  });
});

describe('life cycles', () => {
  it('dates the first Saturn return near 29.5 years and puts Saturn back on its natal degree', () => {
    const natal = chartOf('1990-05-17', '08:30');
    const cycles = computeLifeCycles(natal, new Date('2026-06-01T04:00:00Z'));
    const first = cycles.find((c) => c.key === 'saturn_return_1');
    expect(first).toBeDefined();
    expect(first!.age).toBeGreaterThanOrEqual(28);
    expect(first!.age).toBeLessThanOrEqual(30);
    const saturnThen = computeNatalChart({
      birthDate: first!.at.toISOString().slice(0, 10),
      birthTime: first!.at.toISOString().slice(11, 16),
      place: { ...BEIJING, tz: 'UTC' },
    }).bodies.find((b) => b.key === 'saturn')!.longitude;
    const saturnNatal = natal.bodies.find((b) => b.key === 'saturn')!.longitude;
    expect(Math.abs(saturnThen - saturnNatal)).toBeLessThan(0.15);
    expect(cycles.map((c) => c.at.getTime())).toEqual(
      [...cycles.map((c) => c.at.getTime())].sort((x, y) => x - y),
    );
  });
});

describe('report texts', () => {
  it('fill every placeholder, with and without a birth time, in every report kind', () => {
    const at = new Date('2026-06-01T04:00:00Z');
    const templates = new TemplateBook();
    for (const [date, time] of [
      ['1990-05-17', '08:30'],
      ['1975-12-01', null],
      ['2001-03-21', '23:59'],
    ] as const) {
      const chart = chartOf(date, time);
      const texts = JSON.stringify([
        buildStarReport({ chart, at, templates }),
        buildPortraitReport({ chart, templates }),
        buildRhythmReport({ birthDate: date, chart, at, templates }),
        buildSynastryReport({
          a: { profileId: 'a', displayName: '我', chart },
          b: { profileId: 'b', displayName: '对方', chart: chartOf('1993-08-08', '12:00') },
          asOf: '2026-06-01',
          asOfInstant: at,
          templates,
        }),
      ]);
      expect(texts).not.toMatch(/\{[a-z_]+\}/);
      expect(texts).not.toMatch(/undefined|NaN/);
    }
  });
});

describe('star outlook: solar return', () => {
  it('takes the latest return before now, on either side of the birthday', () => {
    const chart = chartOf('1990-05-17', '08:30');
    const templates = new TemplateBook();
    const returnOf = (at: string) =>
      buildStarReport({ chart, at: new Date(at), templates }).summary.outlook.year.highlights.find(
        (h) => h.kind === 'solar_return',
      )?.date;
    // Returns: 2025-05-16 (Shanghai) and 2026-05-16T16:33Z, i.e. 2026-05-17 in Shanghai.
    expect(returnOf('2026-06-01T04:00:00Z')).toBe('2026-05-17');
    expect(returnOf('2026-05-16T16:00:00Z')).toBe('2025-05-16');
    expect(returnOf('2026-05-16T17:00:00Z')).toBe('2026-05-17');
    expect(returnOf('2026-01-10T00:00:00Z')).toBe('2025-05-16');
  });
});
