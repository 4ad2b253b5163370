/** Public entry of the pure astrology engine. */
export type {
  AngleKey,
  Aspect,
  AspectType,
  BirthInput,
  BodyKey,
  BodyPosition,
  Chart,
  ChartNote,
  ChartPointKey,
  GeoLocation,
  HouseSystem,
  SignKey,
} from './astrology.types.ts';
export {
  ASPECT_ANGLES,
  BASE_ORBS_DEG,
  computeNatalAspects,
  computeSynastryAspects,
  LUMINARY_ORB_BONUS_DEG,
  NODE_MAX_ORB_DEG,
  TRANSIT_BODY_ORDER,
  TRANSIT_ORB_DEG,
} from './aspects.engine.ts';
export { convertBirthTimeToUtc } from './birth-time.ts';
export type { BirthInstant } from './birth-time.ts';
export {
  computeChartAt,
  computeNatalChart,
  computeSecondaryProgression,
  computeTransitingBodies,
  computeTransits,
  findLunarReturn,
  findSolarReturn,
  TROPICAL_YEAR_DAYS,
} from './chart.engine.ts';
export { arcDistance, normalizeDegrees, shorterArcMidpoint, signedArc } from './degrees.ts';
export { POLAR_CIRCLE_LATITUDE_DEG } from './houses.engine.ts';
export {
  computeCompositeChart,
  computeDavisonChart,
  computeGreatCircleMidpoint,
  computeHouseOverlay,
  computeMarksChart,
  computeMidpointInstant,
} from './relationship-charts.engine.ts';
export {
  ANGLE_NAMES_ZH,
  ASPECT_NAMES_ZH,
  BODY_KEYS,
  BODY_NAMES_ZH,
  bodyNameZh,
  isBodyKey,
  isSignKey,
  SIGN_KEYS,
  SIGN_NAMES_ZH,
  signDegreeOf,
  signNameZh,
  signOf,
} from './zodiac.ts';
