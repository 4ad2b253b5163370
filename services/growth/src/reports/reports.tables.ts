/** Report types stored in `reports.type`. The portrait report's name is ours (the contract leaves it open). */
export type ReportType = 'portrait' | 'star' | 'rhythm' | 'synastry' | 'image_card' | 'relation_insight';

export interface ReportsTable {
  id: string;
  user_id: string;
  profile_id: string;
  /** The second person of a two-person report (synastry), else null. */
  profile_b_id: string | null;
  type: ReportType;
  /** JSON object, sent whole. */
  summary_json: string;
  /** JSON `ReportDetail` (sections), trimmed by entitlement on the way out; null when a report has none. */
  detail_json: string | null;
  /** The reference day a report was computed for (synastry's progression date), `YYYY-MM-DD`. */
  as_of: string | null;
  created_at: string;
}

/** Operator overrides of report text; an enabled row wins over the code default with the same kind and key. */
export interface ReportTemplatesTable {
  id: string;
  kind: string;
  key: string;
  body: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface ReportsTables {
  reports: ReportsTable;
  report_templates: ReportTemplatesTable;
}
