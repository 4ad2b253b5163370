/** Element, modality and modern ruler of each sign; the balance of elements and modalities in a chart. */
import type { BodyKey, Chart, SignKey } from '../../astrology/index.ts';
import { signOf } from '../../astrology/index.ts';

export type Element = 'fire' | 'earth' | 'air' | 'water';
export type Modality = 'cardinal' | 'fixed' | 'mutable';

export const ELEMENTS: readonly Element[] = ['fire', 'earth', 'air', 'water'];
export const MODALITIES: readonly Modality[] = ['cardinal', 'fixed', 'mutable'];
export const ELEMENT_NAMES_ZH: Readonly<Record<Element, string>> = {
  fire: '火',
  earth: '土',
  air: '风',
  water: '水',
};

export const SIGN_ELEMENT: Readonly<Record<SignKey, Element>> = {
  aries: 'fire',
  taurus: 'earth',
  gemini: 'air',
  cancer: 'water',
  leo: 'fire',
  virgo: 'earth',
  libra: 'air',
  scorpio: 'water',
  sagittarius: 'fire',
  capricorn: 'earth',
  aquarius: 'air',
  pisces: 'water',
};

export const SIGN_MODALITY: Readonly<Record<SignKey, Modality>> = {
  aries: 'cardinal',
  taurus: 'fixed',
  gemini: 'mutable',
  cancer: 'cardinal',
  leo: 'fixed',
  virgo: 'mutable',
  libra: 'cardinal',
  scorpio: 'fixed',
  sagittarius: 'mutable',
  capricorn: 'cardinal',
  aquarius: 'fixed',
  pisces: 'mutable',
};

/** Modern rulers (Scorpio Pluto, Aquarius Uranus, Pisces Neptune). */
export const SIGN_RULER: Readonly<Record<SignKey, BodyKey>> = {
  aries: 'mars',
  taurus: 'venus',
  gemini: 'mercury',
  cancer: 'moon',
  leo: 'sun',
  virgo: 'mercury',
  libra: 'venus',
  scorpio: 'pluto',
  sagittarius: 'jupiter',
  capricorn: 'saturn',
  aquarius: 'uranus',
  pisces: 'neptune',
};

/**
 * Weight of each point in the balance: the luminaries most, the personal planets next, the social planets less,
 * the generational ones least (they share a sign with everyone born in the same years). The node is left out.
 */
export const BALANCE_WEIGHTS: Readonly<Partial<Record<BodyKey | 'ascendant', number>>> = {
  sun: 3,
  moon: 3,
  ascendant: 2,
  mercury: 2,
  venus: 2,
  mars: 2,
  jupiter: 1,
  saturn: 1,
  uranus: 0.5,
  neptune: 0.5,
  pluto: 0.5,
};

/** Below this share an element counts as lacking. */
export const LACKING_SHARE = 0.1;
const PERCENT = 100;

export interface Balance<K extends string> {
  /** Whole percentages that add up to 100. */
  shares: Record<K, number>;
  dominant: K;
}

function toPercentages<K extends string>(keys: readonly K[], weights: Record<K, number>): Record<K, number> {
  const total = keys.reduce((sum, key) => sum + weights[key], 0) || 1;
  const exact = keys.map((key) => ({ key, value: (weights[key] / total) * PERCENT }));
  const floors = exact.map((e) => ({ ...e, floor: Math.floor(e.value) }));
  let remainder = PERCENT - floors.reduce((sum, e) => sum + e.floor, 0);
  // Largest remainders get the leftover points, ties in listing order: deterministic and sums to 100.
  const order = [...floors].sort((x, y) => y.value - y.floor - (x.value - x.floor));
  const result = Object.fromEntries(floors.map((e) => [e.key, e.floor])) as Record<K, number>;
  for (const entry of order) {
    if (remainder <= 0) break;
    result[entry.key] += 1;
    remainder -= 1;
  }
  return result;
}

function dominantOf<K extends string>(keys: readonly K[], weights: Record<K, number>): K {
  let best = keys[0] as K;
  for (const key of keys) if (weights[key] > weights[best]) best = key;
  return best;
}

export function computeBalances(chart: Chart): { elements: Balance<Element>; modalities: Balance<Modality> } {
  const elementWeights: Record<Element, number> = { fire: 0, earth: 0, air: 0, water: 0 };
  const modalityWeights: Record<Modality, number> = { cardinal: 0, fixed: 0, mutable: 0 };
  const add = (sign: SignKey, weight: number) => {
    elementWeights[SIGN_ELEMENT[sign]] += weight;
    modalityWeights[SIGN_MODALITY[sign]] += weight;
  };
  for (const body of chart.bodies) {
    const weight = BALANCE_WEIGHTS[body.key];
    if (weight !== undefined) add(body.sign, weight);
  }
  if (chart.ascendant !== null) add(signOf(chart.ascendant), BALANCE_WEIGHTS.ascendant ?? 0);
  return {
    elements: {
      shares: toPercentages(ELEMENTS, elementWeights),
      dominant: dominantOf(ELEMENTS, elementWeights),
    },
    modalities: {
      shares: toPercentages(MODALITIES, modalityWeights),
      dominant: dominantOf(MODALITIES, modalityWeights),
    },
  };
}

export function lackingElements(balance: Balance<Element>): Element[] {
  return ELEMENTS.filter((element) => balance.shares[element] < LACKING_SHARE * PERCENT);
}
