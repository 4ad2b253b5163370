export type ScaleStatus = 'published' | 'draft';

export interface ScalesTable {
  id: string;
  /** Immutable once created: it names the scoring instrument (`findScaleInstrument(slug)`). */
  slug: string;
  title: string;
  description: string;
  instructions: string;
  status: ScaleStatus;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface ScaleQuestionsTable {
  /** Stable: derived from slug + question key, so it survives re-seeding. */
  id: string;
  scale_id: string;
  /** The instrument's question key (`q1`…), which scoring uses. */
  key: string;
  sort: number;
  prompt: string;
  /** JSON `[{ key, text }]`; option values stay in the instrument definition. */
  options_json: string;
}

export interface ScaleResultsTable {
  id: string;
  user_id: string;
  profile_id: string;
  scale_id: string;
  /** JSON `{ "<question id>": "<option key>" }` exactly as submitted. */
  answers_json: string;
  result_json: string;
  created_at: string;
}

export interface ScalesTables {
  scales: ScalesTable;
  scale_questions: ScaleQuestionsTable;
  scale_results: ScaleResultsTable;
}
