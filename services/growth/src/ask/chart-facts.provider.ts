import {
  ANGLE_NAMES_ZH,
  bodyNameZh,
  computeNatalChart,
  computeTransits,
  isBodyKey,
  signNameZh,
  signOf,
} from '../astrology/index.ts';
import type { Chart, ChartPointKey, GeoLocation } from '../astrology/index.ts';
import { shanghaiDay } from '../calendar/calendar-day.ts';
import type { ProfileRecord } from '../profiles/profile-ownership.ts';
import type { ChartFacts, ChartTransit } from './reply-engine/reply-engine.types.ts';

export type PlaceResolver = (text: string | null) => GeoLocation;

/** Transits named in a reply: the slow bodies' aspects come first, and the reply uses at most one. */
const MAX_TRANSITS = 3;
/** Profiles whose facts are kept; a fact set is a few hundred bytes. */
const CACHE_SIZE = 2000;

function pointName(key: ChartPointKey): string {
  if (isBodyKey(key)) return bodyNameZh(key);
  return ANGLE_NAMES_ZH[key];
}

function signAt(chart: Chart, key: 'sun' | 'moon'): string | null {
  const body = chart.bodies.find((candidate) => candidate.key === key);
  return body ? signNameZh(body.sign) : null;
}

/**
 * Chart facts of a thread's profile for the reply engine: sun, moon and ascendant signs of the natal chart and the
 * day's main transits. Cached per birth data and Shanghai day (transits move slowly; a day's replies agree).
 * Birth data the engine cannot use gives no facts rather than failing the message.
 */
export class ChartFactsProvider {
  private readonly cache = new Map<string, ChartFacts | null>();

  constructor(private readonly resolvePlace: PlaceResolver) {}

  factsFor(profile: ProfileRecord, at: Date): ChartFacts | null {
    const day = shanghaiDay(at);
    const key = [profile.birth_date, profile.birth_time ?? '', profile.birth_place ?? '', day].join('|');
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const facts = this.compute(profile, at);
    if (this.cache.size >= CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, facts);
    return facts;
  }

  private compute(profile: ProfileRecord, at: Date): ChartFacts | null {
    let natal: Chart;
    try {
      natal = computeNatalChart({
        birthDate: profile.birth_date,
        birthTime: profile.birth_time,
        place: this.resolvePlace(profile.birth_place),
      });
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) return null;
      throw error;
    }
    const sun = signAt(natal, 'sun');
    const moon = signAt(natal, 'moon');
    if (sun === null || moon === null) return null;
    const transits: ChartTransit[] = computeTransits(natal, at)
      .slice(0, MAX_TRANSITS)
      .map((aspect) => ({ transiting: pointName(aspect.a), natal: pointName(aspect.b), type: aspect.type }));
    return {
      sun: { sign: sun },
      moon: { sign: moon },
      ascendant: natal.ascendant === null ? null : { sign: signNameZh(signOf(natal.ascendant)) },
      transits,
    };
  }
}
