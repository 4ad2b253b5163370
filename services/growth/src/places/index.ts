/** Public entry of the offline gazetteer. */
export { DEFAULT_PLACE, isKnownPlace, loadGazetteer, lookupPlace, resolvePlace } from './gazetteer.ts';
export type { GazetteerPlace, PlaceKind, PlaceMatch } from './places.types.ts';
