/**
 * The detail of a report is a list of titled sections. Sections flagged `preview` are what every caller sees; the
 * rest need deep access (decisions: entitlement). Without it a locked section keeps only its key and title, so a
 * client can show what there is to unlock; a detail without any preview section is stripped to null (an image-card
 * depth draw).
 */

export interface ReportSection {
  key: string;
  title: string;
  /** Shown without deep access. */
  preview?: boolean;
  /** Prose paragraphs, Simplified Chinese. */
  paragraphs?: string[];
  /** Structured content of the section (free keys). */
  data?: Record<string, unknown>;
}

export interface ReportDetail {
  sections: ReportSection[];
}

export interface VisibleSection {
  key: string;
  title: string;
  locked: boolean;
  paragraphs?: string[];
  data?: Record<string, unknown>;
}

export interface VisibleDetail {
  sections: VisibleSection[];
}

function openSection(section: ReportSection): VisibleSection {
  const { preview: _preview, ...rest } = section;
  return { ...rest, locked: false };
}

/** What the caller may see of a detail: everything with deep access, else the preview sections and locked stubs. */
export function trimReportDetail(detail: ReportDetail | null, hasDeepAccess: boolean): VisibleDetail | null {
  if (detail === null) return null;
  if (hasDeepAccess) return { sections: detail.sections.map(openSection) };
  if (!detail.sections.some((section) => section.preview === true)) return null;
  return {
    sections: detail.sections.map((section) =>
      section.preview === true
        ? openSection(section)
        : { key: section.key, title: section.title, locked: true },
    ),
  };
}

/** Reads a stored detail back; anything that is not a sections object is treated as no detail. */
export function parseReportDetail(json: string | null): ReportDetail | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  if (
    typeof value !== 'object' ||
    value === null ||
    !('sections' in value) ||
    !Array.isArray(value.sections)
  ) {
    return null;
  }
  const sections: ReportSection[] = [];
  for (const item of value.sections as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const raw = item as Record<string, unknown>;
    if (typeof raw.key !== 'string' || typeof raw.title !== 'string') continue;
    const section: ReportSection = { key: raw.key, title: raw.title };
    if (raw.preview === true) section.preview = true;
    if (Array.isArray(raw.paragraphs)) {
      section.paragraphs = raw.paragraphs.filter((p): p is string => typeof p === 'string');
    }
    if (typeof raw.data === 'object' && raw.data !== null && !Array.isArray(raw.data)) {
      section.data = raw.data as Record<string, unknown>;
    }
    sections.push(section);
  }
  return { sections };
}
