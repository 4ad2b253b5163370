export type ExploreLevel = 1 | 2 | 3;

export interface ExploreNodesTable {
  id: string;
  /** Unique across the whole catalog; the public API addresses categories by it. */
  key: string;
  /** Null for an L1 category. */
  parent_id: string | null;
  level: ExploreLevel;
  title: string;
  /** L3 tools only: what the tool opens (`scale`, `report`, `image_card`, `feature`). */
  kind: string | null;
  /** L3 tools only: the scale slug, report kind, image-card scene or feature key. */
  target: string | null;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface ExploreTables {
  explore_nodes: ExploreNodesTable;
}
