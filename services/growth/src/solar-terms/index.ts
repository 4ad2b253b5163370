/** Public API of the solar-terms module: pure computation and static advice, no I/O. */
export {
  SOLAR_TERM_KEYS,
  SOLAR_TERMS,
  getSolarTermDefinition,
  isSolarTermKey,
  type SolarTermDefinition,
  type SolarTermKey,
} from './solar-term-catalog.ts';
export {
  SOLAR_TERM_YEAR_RANGE,
  findSolarTermAt,
  findSolarTermOnDay,
  listSolarTerms,
  type SolarTermInstant,
  type SolarTermPosition,
} from './solar-terms.engine.ts';
export { SOLAR_TERM_ADVICE, getSolarTermAdvice, type SolarTermAdvice } from './solar-term-advice.ts';
