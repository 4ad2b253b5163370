/**
 * The code defaults of every report text, by kind and key. Operators may override any of them (table
 * `report_templates`); an override must name a kind and key listed here, so it is always one the builders use.
 */
import { ASPECT_TEMPLATES, ASPECT_TYPE_TEMPLATES } from './aspects.zh.ts';
import { HOUSE_AREA_TEMPLATES, HOUSE_TEMPLATES, SIGN_KEYWORD_TEMPLATES } from './houses.zh.ts';
import { CYCLE_TEMPLATES, OUTLOOK_TEMPLATES } from './outlook.zh.ts';
import {
  DOMINANT_TEMPLATES,
  ELEMENT_LACK_TEMPLATES,
  ELEMENT_TEMPLATES,
  MODALITY_TEMPLATES,
  PORTRAIT_NOTE_TEMPLATES,
} from './portrait.zh.ts';
import { RHYTHM_TEMPLATES } from './rhythm.zh.ts';
import { SIGN_TEMPLATES } from './signs.zh.ts';
import {
  COMPOSITE_TEMPLATES,
  OVERLAY_TEMPLATES,
  SYNASTRY_ASPECT_TEMPLATES,
  SYNASTRY_INDEX_TEMPLATES,
  SYNASTRY_TYPE_TEMPLATES,
} from './synastry.zh.ts';
import { MOON_DAY_TEMPLATES, POINT_AREA_TEMPLATES, TRANSIT_TEMPLATES } from './transits.zh.ts';

export const DEFAULT_REPORT_TEMPLATES = {
  sign: SIGN_TEMPLATES,
  house: HOUSE_TEMPLATES,
  house_area: HOUSE_AREA_TEMPLATES,
  sign_keyword: SIGN_KEYWORD_TEMPLATES,
  element: ELEMENT_TEMPLATES,
  element_lack: ELEMENT_LACK_TEMPLATES,
  modality: MODALITY_TEMPLATES,
  dominant: DOMINANT_TEMPLATES,
  portrait_note: PORTRAIT_NOTE_TEMPLATES,
  aspect: ASPECT_TEMPLATES,
  aspect_type: ASPECT_TYPE_TEMPLATES,
  synastry_aspect: SYNASTRY_ASPECT_TEMPLATES,
  synastry_type: SYNASTRY_TYPE_TEMPLATES,
  synastry_index: SYNASTRY_INDEX_TEMPLATES,
  overlay: OVERLAY_TEMPLATES,
  composite: COMPOSITE_TEMPLATES,
  transit: TRANSIT_TEMPLATES,
  point_area: POINT_AREA_TEMPLATES,
  moon_day: MOON_DAY_TEMPLATES,
  outlook: OUTLOOK_TEMPLATES,
  cycle: CYCLE_TEMPLATES,
  rhythm: RHYTHM_TEMPLATES,
} as const satisfies Record<string, Readonly<Record<string, string>>>;

export type TemplateKind = keyof typeof DEFAULT_REPORT_TEMPLATES;

export const TEMPLATE_KINDS = Object.keys(DEFAULT_REPORT_TEMPLATES) as TemplateKind[];

export function isTemplateKind(value: string): value is TemplateKind {
  return Object.hasOwn(DEFAULT_REPORT_TEMPLATES, value);
}

/** The code default of a template, or undefined when the kind or key is unknown. */
export function findDefaultTemplate(kind: string, key: string): string | undefined {
  if (!isTemplateKind(kind)) return undefined;
  const table: Readonly<Record<string, string>> = DEFAULT_REPORT_TEMPLATES[kind];
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** Placeholder names a template body uses, e.g. `{date}` → `date`. */
export function listPlaceholders(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? ''))].sort();
}
