import { describe, expect, it } from 'vitest';
import { BODY_KEYS, SIGN_KEYS } from '../../astrology/index.ts';
import { DEFAULT_REPORT_TEMPLATES, findDefaultTemplate, listPlaceholders } from './template-catalog.ts';
import { TemplateBook } from './template-book.ts';

const ASPECTS = ['conjunction', 'sextile', 'square', 'trine', 'opposition'];
const HOUSES = Array.from({ length: 12 }, (_, i) => String(i + 1));

describe('report template table', () => {
  it('has a text for every sign of every body the reports read', () => {
    for (const body of ['sun', 'moon', 'ascendant', 'mercury', 'venus', 'mars']) {
      for (const sign of SIGN_KEYS) {
        const text = findDefaultTemplate('sign', `${body}.${sign}`);
        expect(text, `${body}.${sign}`).toBeDefined();
        expect(text!.length).toBeGreaterThan(40);
      }
    }
    for (const sign of SIGN_KEYS) {
      expect(findDefaultTemplate('sign_keyword', sign)).toBeDefined();
      expect(findDefaultTemplate('moon_day', sign)).toBeDefined();
    }
  });

  it('has house, overlay and area texts for all twelve houses', () => {
    for (const house of HOUSES) {
      for (const kind of ['house', 'house_area', 'overlay'])
        expect(findDefaultTemplate(kind, house)).toBeDefined();
    }
  });

  it('has five aspect texts for each natal and synastry pair it lists, and a fallback per aspect type', () => {
    for (const kind of ['aspect', 'synastry_aspect'] as const) {
      const pairs = new Set(Object.keys(DEFAULT_REPORT_TEMPLATES[kind]).map((key) => key.split('.')[0]));
      expect(pairs.size).toBeGreaterThanOrEqual(7);
      for (const pair of pairs) {
        for (const aspect of ASPECTS)
          expect(findDefaultTemplate(kind, `${pair}.${aspect}`), `${pair}.${aspect}`).toBeDefined();
      }
    }
    for (const aspect of ASPECTS) {
      expect(listPlaceholders(findDefaultTemplate('aspect_type', aspect)!)).toEqual(['a', 'b']);
      expect(listPlaceholders(findDefaultTemplate('synastry_type', aspect)!)).toEqual(['a', 'b']);
    }
  });

  it('has a transit text for every transiting body and aspect nature, and an area for every natal point', () => {
    for (const body of BODY_KEYS) {
      for (const nature of ['conjunction', 'flowing', 'tension']) {
        expect(listPlaceholders(findDefaultTemplate('transit', `${body}.${nature}`)!)).toEqual(['natal']);
      }
      expect(findDefaultTemplate('point_area', body)).toBeDefined();
    }
    expect(findDefaultTemplate('point_area', 'ascendant')).toBeDefined();
    expect(findDefaultTemplate('point_area', 'midheaven')).toBeDefined();
  });

  it('never promises fortune or luck', () => {
    const all = Object.values(DEFAULT_REPORT_TEMPLATES).flatMap((table) => Object.values(table));
    for (const text of all) expect(text).not.toMatch(/幸运色|幸运数字|财运|运势指数|必然|注定/);
  });
});

describe('TemplateBook', () => {
  it('prefers an override, fills placeholders and leaves unknown ones visible', () => {
    const book = new TemplateBook([
      { kind: 'cycle', key: 'jupiter_return', body: '约{date}（{age}岁）{oops}' },
    ]);
    expect(book.render('cycle', 'jupiter_return', { date: '2030年1月', age: 40 })).toBe(
      '约2030年1月（40岁）{oops}',
    );
    expect(book.render('sign_keyword', 'aries')).toBe('勇气与开创');
    expect(book.find('sign', 'sun.ophiuchus')).toBeNull();
    expect(() => book.render('sign', 'sun.ophiuchus')).toThrow(/missing/);
  });
});
