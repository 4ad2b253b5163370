/** The published instruments the service ships, in catalogue order. */
import { GAD7 } from './gad7.ts';
import { IPIP50 } from './ipip50.ts';
import { K10 } from './k10.ts';
import { PHQ9 } from './phq9.ts';
import { PSS10 } from './pss10.ts';
import { RSES } from './rses.ts';
import type { ScaleInstrument } from './scale-instrument.ts';
import { UCLA3 } from './ucla3.ts';
import { WHO5 } from './who5.ts';

export const SCALE_INSTRUMENTS: ScaleInstrument[] = [PHQ9, GAD7, PSS10, RSES, WHO5, K10, UCLA3, IPIP50];

export function findScaleInstrument(slug: string): ScaleInstrument | undefined {
  return SCALE_INSTRUMENTS.find((instrument) => instrument.slug === slug);
}

export { GAD7, IPIP50, K10, PHQ9, PSS10, RSES, UCLA3, WHO5 };
export { IPIP_DIMENSION_KEYS, type IpipDimensionKey } from './ipip50.ts';
export type {
  ItemDefinition,
  ScaleDimension,
  ScaleInstrument,
  ScaleOption,
  ScaleQuestion,
  ScaleScoring,
  ScaleSource,
  ScoreBand,
} from './scale-instrument.ts';
