import type { ReportPageType } from './cms.tables.ts';

/**
 * A star or rhythm "config" is one section of that report's page: which part of the report it shows (`section`),
 * for which time horizon (`horizon`, where the section has several), in which order, with which heading and copy.
 * The client renders the active configs in `sort` order, so operators can reorder, retitle or hide sections
 * without a release. Sections name the parts of the report the reports feature builds (docs/reports.md).
 */
export interface SectionRules {
  /** Section → the horizons it may carry (empty: the section takes no horizon). */
  readonly sections: Readonly<Record<string, readonly string[]>>;
}

export const REPORT_PAGE_SECTIONS: Readonly<Record<ReportPageType, SectionRules>> = {
  // Sections of the star report (summary.chart/planets/aspects_preview/outlook/transits and the detail sections).
  star: {
    sections: {
      core: [],
      planets: [],
      aspects: [],
      houses: [],
      outlook: ['day', 'week', 'month', 'year', 'lifetime'],
      transits: [],
    },
  },
  // Sections of the rhythm report (biorhythm today and its 30-day curve, the solar term, transits, seasonal care).
  rhythm: {
    sections: {
      today: [],
      upcoming: ['week', 'month'],
      solar_term: [],
      transits: [],
      seasonal_care: [],
    },
  },
};

/** Null when section and horizon fit the report type; otherwise which field is wrong and why. */
export function describeInvalidSection(
  reportType: ReportPageType,
  section: string,
  horizon: string | null,
): { field: 'section' | 'horizon'; reason: string } | null {
  const { sections } = REPORT_PAGE_SECTIONS[reportType];
  const horizons = Object.hasOwn(sections, section) ? sections[section] : undefined;
  if (!horizons) {
    return { field: 'section', reason: `must be one of ${Object.keys(sections).join(', ')}` };
  }
  if (horizons.length === 0 && horizon !== null) {
    return { field: 'horizon', reason: `must be null for section ${section}` };
  }
  if (horizons.length > 0 && (horizon === null || !horizons.includes(horizon))) {
    return { field: 'horizon', reason: `must be one of ${horizons.join(', ')} for section ${section}` };
  }
  return null;
}
