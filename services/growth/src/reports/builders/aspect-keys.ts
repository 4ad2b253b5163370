/** How aspects are named in template keys. */
import { BASE_ORBS_DEG, BODY_KEYS, LUMINARY_ORB_BONUS_DEG, NODE_MAX_ORB_DEG } from '../../astrology/index.ts';
import type { AspectType, ChartPointKey } from '../../astrology/index.ts';

/** Chart order of points: bodies first, then the angles. */
const POINT_ORDER: readonly ChartPointKey[] = [...BODY_KEYS, 'ascendant', 'midheaven'];

/** `sun_moon`, whichever order the aspect names them in. */
export function pairKey(a: ChartPointKey, b: ChartPointKey): string {
  return POINT_ORDER.indexOf(a) <= POINT_ORDER.indexOf(b) ? `${a}_${b}` : `${b}_${a}`;
}

export type AspectNature = 'conjunction' | 'flowing' | 'tension';

export function aspectNature(type: AspectType): AspectNature {
  if (type === 'conjunction') return 'conjunction';
  return type === 'trine' || type === 'sextile' ? 'flowing' : 'tension';
}

/** The orb an aspect between these points is allowed in a natal or synastry chart (aspects engine rules). */
export function orbLimitOf(type: AspectType, a: ChartPointKey, b: ChartPointKey): number {
  if (a === 'north_node' || b === 'north_node') return Math.min(NODE_MAX_ORB_DEG, BASE_ORBS_DEG[type]);
  const luminary = a === 'sun' || a === 'moon' || b === 'sun' || b === 'moon';
  return BASE_ORBS_DEG[type] + (luminary ? LUMINARY_ORB_BONUS_DEG : 0);
}

/** 1 when exact, falling to 0 at the edge of the orb. */
export function tightnessOf(type: AspectType, a: ChartPointKey, b: ChartPointKey, orb: number): number {
  return Math.max(0, 1 - orb / orbLimitOf(type, a, b));
}
