import { readFileSync } from 'node:fs';
import * as Astronomy from 'astronomy-engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOLAR_TERM_KEYS, SOLAR_TERMS } from './solar-term-catalog.ts';
import { findSolarTermAt, findSolarTermOnDay, listSolarTerms } from './solar-terms.engine.ts';

const ONE_MINUTE_MS = 60_000;
const MS_PER_DAY = 86_400_000;

interface ReferenceTerm {
  year: number;
  nameZh: string;
  longitude: number;
  utc: string;
  source: string;
  published: boolean;
  jplComputedUtc: string | null;
}

function readReferenceTerms(): ReferenceTerm[] {
  const text = readFileSync(new URL('./reference-data/solar-terms-2024-2027.json', import.meta.url), 'utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('terms' in parsed) || !Array.isArray(parsed.terms)) {
    throw new Error('reference file has no terms array');
  }
  return parsed.terms.map((entry: unknown): ReferenceTerm => {
    if (typeof entry !== 'object' || entry === null) throw new Error('reference term is not an object');
    const fields = new Map<string, unknown>(Object.entries(entry));
    const year = fields.get('year');
    const name_zh = fields.get('name_zh');
    const solar_longitude_deg = fields.get('solar_longitude_deg');
    const utc = fields.get('utc');
    const source = fields.get('source');
    const published = fields.get('published');
    const jpl_computed_utc = fields.get('jpl_computed_utc');
    if (
      typeof year !== 'number' ||
      typeof name_zh !== 'string' ||
      typeof solar_longitude_deg !== 'number' ||
      typeof utc !== 'string' ||
      typeof source !== 'string' ||
      typeof published !== 'boolean'
    ) {
      throw new Error(`malformed reference term: ${JSON.stringify(entry)}`);
    }
    return {
      year,
      nameZh: name_zh,
      longitude: solar_longitude_deg,
      utc,
      source,
      published,
      jplComputedUtc: typeof jpl_computed_utc === 'string' ? jpl_computed_utc : null,
    };
  });
}

const referenceTerms = readReferenceTerms();

function findComputed(reference: ReferenceTerm) {
  const computed = listSolarTerms(reference.year).find((term) => term.name === reference.nameZh);
  if (!computed) throw new Error(`no computed term ${reference.year} ${reference.nameZh}`);
  return computed;
}

describe('listSolarTerms against published instants', () => {
  const published = referenceTerms.filter((term) => term.source === 'HKO' && term.published);
  const jpl2027 = referenceTerms.filter((term) => term.source === 'JPL_COMPUTED' && term.year === 2027);

  it('holds the expected reference entries', () => {
    expect(published).toHaveLength(72);
    expect(jpl2027).toHaveLength(24);
  });

  it.each(published.map((term) => [term.year, term.nameZh, term] as const))(
    'HKO %i %s agrees within one minute',
    (_year, _name, reference) => {
      const computed = findComputed(reference);
      expect(computed.longitude).toBe(reference.longitude);
      expect(Math.abs(computed.startsAt.getTime() - Date.parse(reference.utc))).toBeLessThan(ONE_MINUTE_MS);
    },
  );

  it.each(jpl2027.map((term) => [term.nameZh, term] as const))(
    'JPL 2027 %s agrees within one minute',
    (_name, reference) => {
      const computed = findComputed(reference);
      expect(Math.abs(computed.startsAt.getTime() - Date.parse(reference.utc))).toBeLessThan(ONE_MINUTE_MS);
    },
  );

  it('agrees with the to-the-second JPL instants of 2024–2027 within five seconds', () => {
    const deviations = referenceTerms.map((reference) => {
      const jpl = reference.jplComputedUtc ?? reference.utc;
      return Math.abs(findComputed(reference).startsAt.getTime() - Date.parse(jpl));
    });
    expect(Math.max(...deviations)).toBeLessThan(5_000);
  });
});

describe('listSolarTerms', () => {
  it('lists 24 terms of the Beijing calendar year in order, 小寒 first and 冬至 last', () => {
    for (const year of [1000, 1900, 1949, 2000, 2025, 2100, 2500, 3000]) {
      const terms = listSolarTerms(year);
      expect(terms.map((term) => term.key)).toEqual([...SOLAR_TERM_KEYS]);
      for (let index = 1; index < terms.length; index += 1) {
        const previous = terms[index - 1];
        const current = terms[index];
        if (!previous || !current) throw new Error('missing term');
        const gapDays = (current.startsAt.getTime() - previous.startsAt.getTime()) / MS_PER_DAY;
        expect(gapDays).toBeGreaterThan(14);
        expect(gapDays).toBeLessThan(16.5);
      }
      const beijingYears = terms.map((term) =>
        new Date(term.startsAt.getTime() + 8 * 3_600_000).getUTCFullYear(),
      );
      expect(new Set(beijingYears)).toEqual(new Set([year]));
    }
  });

  it('carries names and longitudes from the catalog', () => {
    const terms = listSolarTerms(2025);
    expect(terms.find((term) => term.key === 'lichun')).toMatchObject({ name: '立春', longitude: 315 });
    expect(terms.find((term) => term.key === 'chunfen')).toMatchObject({ name: '春分', longitude: 0 });
    expect(terms.find((term) => term.key === 'xiazhi')).toMatchObject({ name: '夏至', longitude: 90 });
    expect(terms.find((term) => term.key === 'dongzhi')).toMatchObject({ name: '冬至', longitude: 270 });
    expect(terms.map((term) => term.name)).toEqual(SOLAR_TERMS.map((term) => term.name));
  });

  it('returns fresh Date objects, so a caller mutating one cannot corrupt another answer', () => {
    const first = listSolarTerms(2025)[0];
    first?.startsAt.setTime(0);
    expect(listSolarTerms(2025)[0]?.startsAt.getTime()).not.toBe(0);
  });

  it('rejects years outside the supported range and non-integers', () => {
    expect(() => listSolarTerms(999)).toThrow(RangeError);
    expect(() => listSolarTerms(3001)).toThrow(RangeError);
    expect(() => listSolarTerms(2025.5)).toThrow(RangeError);
    expect(() => listSolarTerms(Number.NaN)).toThrow(RangeError);
  });

  it('stays within 90 s of an independent ephemeris (astronomy-engine) for any year 1900–2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 0, max: 23 }), (year, index) => {
        const term = listSolarTerms(year)[index];
        if (!term) throw new Error('missing term');
        const searchFrom = new Date(term.startsAt.getTime() - 5 * MS_PER_DAY);
        const independent = Astronomy.SearchSunLongitude(term.longitude, searchFrom, 10);
        if (!independent) throw new Error('astronomy-engine found no crossing');
        expect(Math.abs(independent.date.getTime() - term.startsAt.getTime())).toBeLessThan(90_000);
      }),
      { numRuns: 200 },
    );
  });
});

describe('findSolarTermAt', () => {
  // HKO 2025: 立春 2025-02-03 22:10 HKT = 14:10Z, 雨水 2025-02-18 18:07 HKT.
  const lichun2025 = () => listSolarTerms(2025).find((term) => term.key === 'lichun');

  it('answers the term in effect and the next one', () => {
    const position = findSolarTermAt(new Date('2025-03-01T00:00:00Z'));
    expect(position.current.key).toBe('yushui');
    expect(position.next.key).toBe('jingzhe');
    expect(position.next.startsAt.getTime()).toBeGreaterThan(Date.parse('2025-03-01T00:00:00Z'));
  });

  it('switches exactly at the term instant (inclusive start)', () => {
    const lichun = lichun2025();
    if (!lichun) throw new Error('no lichun');
    const at = lichun.startsAt.getTime();
    expect(findSolarTermAt(new Date(at - 1)).current.key).toBe('dahan');
    expect(findSolarTermAt(new Date(at)).current.key).toBe('lichun');
    expect(findSolarTermAt(new Date(at)).next.key).toBe('yushui');
  });

  it('crosses the year boundary: early January is still last December’s 冬至', () => {
    const position = findSolarTermAt(new Date('2026-01-02T00:00:00Z'));
    expect(position.current.key).toBe('dongzhi');
    expect(position.current.startsAt.toISOString().slice(0, 10)).toBe('2025-12-21');
    expect(position.next.key).toBe('xiaohan');
    expect(position.next.startsAt.getUTCFullYear()).toBe(2026);
  });

  it('crosses the year boundary: after 冬至 the next term is next year’s 小寒', () => {
    const position = findSolarTermAt(new Date('2025-12-31T20:00:00Z'));
    expect(position.current.key).toBe('dongzhi');
    expect(position.next.key).toBe('xiaohan');
    expect(position.next.startsAt.toISOString().slice(0, 7)).toBe('2026-01');
  });

  it('always brackets the instant, for any instant 1950–2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) }), (time) => {
        const { current, next } = findSolarTermAt(new Date(time));
        expect(current.startsAt.getTime()).toBeLessThanOrEqual(time);
        expect(next.startsAt.getTime()).toBeGreaterThan(time);
        const currentIndex = SOLAR_TERM_KEYS.indexOf(current.key);
        expect(next.key).toBe(SOLAR_TERM_KEYS[(currentIndex + 1) % SOLAR_TERM_KEYS.length]);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects an invalid date', () => {
    expect(() => findSolarTermAt(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('findSolarTermOnDay (Beijing calendar day)', () => {
  it('gives the day on which a term begins to that term, even when it begins late in the day', () => {
    // HKO 2025 立春: 2025-02-03 22:10 Beijing time.
    expect(findSolarTermOnDay('2025-02-03').current.key).toBe('lichun');
    expect(findSolarTermOnDay('2025-02-02').current.key).toBe('dahan');
  });

  it('uses the Beijing day, not the UTC day', () => {
    // HKO 2024 小寒: 2024-01-06 04:49 Beijing time = 2024-01-05 20:49Z.
    expect(findSolarTermOnDay('2024-01-05').current.key).toBe('dongzhi');
    expect(findSolarTermOnDay('2024-01-06').current.key).toBe('xiaohan');
  });

  it('rejects malformed or impossible days', () => {
    expect(() => findSolarTermOnDay('2025-2-3')).toThrow(RangeError);
    expect(() => findSolarTermOnDay('2025-02-30')).toThrow(RangeError);
    expect(() => findSolarTermOnDay('yesterday')).toThrow(RangeError);
  });
});
