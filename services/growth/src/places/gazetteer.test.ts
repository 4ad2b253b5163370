import { existsSync, readFileSync } from 'node:fs';
import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLACE, isKnownPlace, loadGazetteer, lookupPlace, resolvePlace } from './gazetteer.ts';

const SHARED_GEO = new URL('../../../../../shared/data/geo/', import.meta.url);
const AREA_CITY = new URL('china-divisions-areacity-2023-level3.csv', SHARED_GEO);

describe('resolvePlace', () => {
  it.each([
    ['北京', '110000', 'Asia/Shanghai'],
    ['北京市', '110000', 'Asia/Shanghai'],
    ['Beijing', '110000', 'Asia/Shanghai'],
    ['Peking', '110000', 'Asia/Shanghai'],
    ['广东省深圳市', '440300', 'Asia/Shanghai'],
    ['Shenzhen', '440300', 'Asia/Shanghai'],
    ['Harbin', '230100', 'Asia/Shanghai'],
    ['哈尔滨', '230100', 'Asia/Shanghai'],
    ['哈爾濱市', '230100', 'Asia/Shanghai'],
    ['Lhasa', '540100', 'Asia/Shanghai'],
    ['乌鲁木齐', '650100', 'Asia/Shanghai'],
    ['Urumqi', '650100', 'Asia/Shanghai'],
    ['Hohhot', '150100', 'Asia/Shanghai'],
    ['广东省深圳市南山区', '440305', 'Asia/Shanghai'],
    ['南山区', '440305', 'Asia/Shanghai'],
    ['北京 朝阳', '110105', 'Asia/Shanghai'],
    ['朝阳', '211300', 'Asia/Shanghai'],
    ['Chaoyang, Beijing', '110105', 'Asia/Shanghai'],
    ['Nanshan District, Shenzhen', '440305', 'Asia/Shanghai'],
    ['上海浦东', '310115', 'Asia/Shanghai'],
    ['出生于上海', '310000', 'Asia/Shanghai'],
    ['崇文区', '110103', 'Asia/Shanghai'],
    ['襄樊', '420600', 'Asia/Shanghai'],
    ['香港', '810000', 'Asia/Hong_Kong'],
    ['Hong Kong', '810000', 'Asia/Hong_Kong'],
    ['澳门', '820000', 'Asia/Macau'],
    ['Macau', '820000', 'Asia/Macau'],
    ['臺北市', '710100', 'Asia/Taipei'],
  ])('%s → division %s', (text, code, tz) => {
    const match = lookupPlace(text);
    expect(match?.code).toBe(code);
    expect(match?.tz).toBe(tz);
    expect(resolvePlace(text).assumed).toBe(false);
  });

  it.each([
    ['纽约', 'New York City', 'America/New_York'],
    ['New York', 'New York City', 'America/New_York'],
    ['美国纽约', 'New York City', 'America/New_York'],
    ['London', 'London', 'Europe/London'],
    ['伦敦', 'London', 'Europe/London'],
    ['東京', 'Tokyo', 'Asia/Tokyo'],
    ['Tokyo, Japan', 'Tokyo', 'Asia/Tokyo'],
    ['Sydney', 'Sydney', 'Australia/Sydney'],
    ['Kiev', 'Kyiv', 'Europe/Kyiv'],
    ['罗马', 'Rome', 'Europe/Rome'],
    ['九龙', 'Kowloon', 'Asia/Hong_Kong'],
  ])('%s → %s', (text, name, tz) => {
    const place = resolvePlace(text);
    expect(place.name).toBe(name);
    expect(place.tz).toBe(tz);
    expect(place.assumed).toBe(false);
  });

  it('a country word picks the right namesake', () => {
    expect(lookupPlace('London, Canada')?.country).toBe('CA');
    expect(lookupPlace('London')?.country).toBe('GB');
  });

  it.each([null, '', '   ', '不知道', 'unknown', '火星', '人民医院', 'N/A'])(
    'unknown or missing (%s) → Beijing, assumed',
    (text) => {
      expect(resolvePlace(text)).toEqual({ ...DEFAULT_PLACE });
      expect(isKnownPlace(text)).toBe(false);
    },
  );

  it('gives every Chinese place Asia/Shanghai, Hong Kong/Macau/Taipei zones, and valid zones', () => {
    const { places } = loadGazetteer();
    const zoneByRegion: Record<string, string> = {
      CN: 'Asia/Shanghai',
      HK: 'Asia/Hong_Kong',
      MO: 'Asia/Macau',
      TW: 'Asia/Taipei',
    };
    for (const p of places) {
      const expected = zoneByRegion[p.country];
      if (expected) expect(p.tz, p.name).toBe(expected);
      expect(p.lat).toBeGreaterThanOrEqual(-90);
      expect(p.lat).toBeLessThanOrEqual(90);
      expect(p.lng).toBeGreaterThanOrEqual(-180);
      expect(p.lng).toBeLessThanOrEqual(180);
    }
    for (const zone of new Set(places.map((p) => p.tz))) expect(IANAZone.isValidZone(zone), zone).toBe(true);
  });

  it('resolves every division in the gazetteer by its path name', () => {
    const { places } = loadGazetteer();
    for (const p of places) {
      if (p.code === null || p.historic) continue;
      // 北京市 is both the province and its prefecture-level row: same name, same point.
      const match = lookupPlace(p.name);
      expect(match?.name, p.name).toBe(p.name);
      expect(match?.lat, p.name).toBe(p.lat);
    }
  });
});

describe.skipIf(!existsSync(AREA_CITY))('every current Chinese division (AreaCity 2023)', () => {
  interface Row {
    id: string;
    pid: string;
    code: string;
    fullName: string;
  }
  const rows: Row[] = readFileSync(AREA_CITY, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map((f) => f.replace(/^"|"$/g, '')))
    .map((f) => ({ id: f[0] ?? '', pid: f[1] ?? '', code: (f[6] ?? '').slice(0, 6), fullName: f[7] ?? '' }))
    .filter((r) => r.fullName !== '国外');
  const byId = new Map(rows.map((r) => [r.id, r]));

  it('covers the provinces, prefectures and counties of the file', () => {
    expect(rows.length).toBeGreaterThan(3600);
  });

  it('resolves each full name, and each province+prefecture+county path to its code', () => {
    const nameCount = new Map<string, number>();
    for (const r of rows) nameCount.set(r.fullName, (nameCount.get(r.fullName) ?? 0) + 1);
    for (const r of rows) {
      const byName = lookupPlace(r.fullName);
      expect(byName, r.fullName).not.toBeNull();
      if (nameCount.get(r.fullName) === 1) expect(byName?.code, r.fullName).toBe(r.code);
      const parent = byId.get(r.pid);
      const grandparent = parent ? byId.get(parent.pid) : undefined;
      const path = [grandparent?.fullName, parent?.fullName, r.fullName].filter(Boolean).join('');
      expect(lookupPlace(path)?.code, path).toBe(r.code);
    }
  });
});
