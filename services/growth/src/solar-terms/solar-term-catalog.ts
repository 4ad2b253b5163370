/**
 * The 24 solar terms (二十四节气): each begins when the Sun's apparent geocentric ecliptic
 * longitude reaches a multiple of 15°. Listed in calendar-year order (小寒 first, 冬至 last),
 * which is also the order in which they fall within one Gregorian year in Beijing time.
 */

export const SOLAR_TERM_KEYS = [
  'xiaohan',
  'dahan',
  'lichun',
  'yushui',
  'jingzhe',
  'chunfen',
  'qingming',
  'guyu',
  'lixia',
  'xiaoman',
  'mangzhong',
  'xiazhi',
  'xiaoshu',
  'dashu',
  'liqiu',
  'chushu',
  'bailu',
  'qiufen',
  'hanlu',
  'shuangjiang',
  'lidong',
  'xiaoxue',
  'daxue',
  'dongzhi',
] as const;

/** Stable pinyin key of a solar term, e.g. `lichun`. */
export type SolarTermKey = (typeof SOLAR_TERM_KEYS)[number];

export interface SolarTermDefinition {
  readonly key: SolarTermKey;
  /** Simplified Chinese name, e.g. 立春. */
  readonly name: string;
  /** Apparent solar longitude in degrees at which the term begins, in [0, 360). */
  readonly longitude: number;
}

/** 小寒 begins at 285°; each following term is 15° further along the ecliptic. */
const FIRST_TERM_LONGITUDE = 285;
const DEGREES_PER_TERM = 15;
const FULL_CIRCLE = 360;

const NAMES: Readonly<Record<SolarTermKey, string>> = {
  xiaohan: '小寒',
  dahan: '大寒',
  lichun: '立春',
  yushui: '雨水',
  jingzhe: '惊蛰',
  chunfen: '春分',
  qingming: '清明',
  guyu: '谷雨',
  lixia: '立夏',
  xiaoman: '小满',
  mangzhong: '芒种',
  xiazhi: '夏至',
  xiaoshu: '小暑',
  dashu: '大暑',
  liqiu: '立秋',
  chushu: '处暑',
  bailu: '白露',
  qiufen: '秋分',
  hanlu: '寒露',
  shuangjiang: '霜降',
  lidong: '立冬',
  xiaoxue: '小雪',
  daxue: '大雪',
  dongzhi: '冬至',
};

export const SOLAR_TERMS: readonly SolarTermDefinition[] = SOLAR_TERM_KEYS.map((key, index) => ({
  key,
  name: NAMES[key],
  longitude: (FIRST_TERM_LONGITUDE + DEGREES_PER_TERM * index) % FULL_CIRCLE,
}));

const KEY_SET: ReadonlySet<string> = new Set(SOLAR_TERM_KEYS);

export function isSolarTermKey(value: string): value is SolarTermKey {
  return KEY_SET.has(value);
}

export function getSolarTermDefinition(key: SolarTermKey): SolarTermDefinition {
  const definition = SOLAR_TERMS[SOLAR_TERM_KEYS.indexOf(key)];
  if (!definition) throw new Error(`unknown solar term key: ${key}`);
  return definition;
}
