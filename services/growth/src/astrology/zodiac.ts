import type { AspectType, BodyKey, SignKey } from './astrology.types.ts';
import { normalizeDegrees } from './degrees.ts';

export const SIGN_SPAN_DEG = 30;

export const SIGN_KEYS: readonly SignKey[] = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];

export const SIGN_NAMES_ZH: Readonly<Record<SignKey, string>> = {
  aries: '白羊座',
  taurus: '金牛座',
  gemini: '双子座',
  cancer: '巨蟹座',
  leo: '狮子座',
  virgo: '处女座',
  libra: '天秤座',
  scorpio: '天蝎座',
  sagittarius: '射手座',
  capricorn: '摩羯座',
  aquarius: '水瓶座',
  pisces: '双鱼座',
};

/** Chart order: luminaries, personal planets, social, generational, then the node. */
export const BODY_KEYS: readonly BodyKey[] = [
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
];

export const BODY_NAMES_ZH: Readonly<Record<BodyKey, string>> = {
  sun: '太阳',
  moon: '月亮',
  mercury: '水星',
  venus: '金星',
  mars: '火星',
  jupiter: '木星',
  saturn: '土星',
  uranus: '天王星',
  neptune: '海王星',
  pluto: '冥王星',
  north_node: '北交点',
};

export const ANGLE_NAMES_ZH = { ascendant: '上升点', midheaven: '天顶' } as const;

export const ASPECT_NAMES_ZH: Readonly<Record<AspectType, string>> = {
  conjunction: '合相',
  opposition: '对分相',
  trine: '三分相',
  square: '四分相',
  sextile: '六分相',
};

export function signIndexOf(longitude: number): number {
  return Math.floor(normalizeDegrees(longitude) / SIGN_SPAN_DEG) % SIGN_KEYS.length;
}

export function signOf(longitude: number): SignKey {
  return SIGN_KEYS[signIndexOf(longitude)] ?? 'aries';
}

/** Degrees into the sign, [0, 30). */
export function signDegreeOf(longitude: number): number {
  return normalizeDegrees(longitude) - signIndexOf(longitude) * SIGN_SPAN_DEG;
}

export function signNameZh(sign: SignKey): string {
  return SIGN_NAMES_ZH[sign];
}

export function bodyNameZh(body: BodyKey): string {
  return BODY_NAMES_ZH[body];
}

export function isBodyKey(value: string): value is BodyKey {
  return (BODY_KEYS as readonly string[]).includes(value);
}

export function isSignKey(value: string): value is SignKey {
  return (SIGN_KEYS as readonly string[]).includes(value);
}
