/**
 * Operations content. Items that can be scheduled carry `enabled` (the switch an operator flips) and
 * `enabled_changed_at` (when it was last flipped; null for the seeded initial state): a scheduled publication that
 * falls due later than the last flip overrides the switch (see cms-schedule.ts).
 */
export interface HomeToolsTable {
  id: string;
  key: string;
  label: string;
  icon: string;
  link: string;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface CmsBannersTable {
  id: string;
  title: string;
  image_url: string;
  link: string | null;
  sort: number;
  enabled: number;
  enabled_changed_at: string | null;
  /** Schedule window, both ends optional: shown from starts_at (inclusive) until ends_at (exclusive). */
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CmsFeedSlotsTable {
  id: string;
  title: string;
  subtitle: string | null;
  /** Short label on the card, e.g. 测评, 报告. */
  tag: string | null;
  image_url: string | null;
  link: string;
  sort: number;
  enabled: number;
  enabled_changed_at: string | null;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ReportPageType = 'star' | 'rhythm';

/** One section of a report page (star or rhythm): what the client shows, in which order, with which copy. */
export interface ReportPageConfigsTable {
  id: string;
  report_type: ReportPageType;
  /** Unique per report type. */
  key: string;
  section: string;
  /** Time horizon the section covers, where it has one (`day`, `week`, `month`, `year`, `lifetime`). */
  horizon: string | null;
  title: string;
  description: string;
  sort: number;
  enabled: number;
  enabled_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

export type PublicationTargetType = 'banner' | 'feed_slot' | 'star_config' | 'rhythm_config';
export type PublicationAction = 'publish' | 'unpublish';

export interface CmsPublicationsTable {
  id: string;
  target_type: PublicationTargetType;
  target_id: string;
  action: PublicationAction;
  publish_at: string;
  note: string | null;
  /** A disabled publication is cancelled: it never takes effect, even once due. */
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface CmsTables {
  home_tools: HomeToolsTable;
  cms_banners: CmsBannersTable;
  cms_feed_slots: CmsFeedSlotsTable;
  report_page_configs: ReportPageConfigsTable;
  cms_publications: CmsPublicationsTable;
}
