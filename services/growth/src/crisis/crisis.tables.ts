import type { CrisisCueTier } from '../safety/crisis-detector.ts';

export type CrisisEventStatus = 'open' | 'in_progress' | 'resolved';

export interface CrisisEventsTable {
  id: string;
  user_id: string;
  profile_id: string | null;
  /** Where the signal came from: `scale` (PHQ-9 item 9) or `ask` (a message). */
  source: 'scale' | 'ask';
  /** The scale result or ask message that raised it. */
  source_ref: string | null;
  tier: string;
  summary: string;
  status: CrisisEventStatus;
  /** The crisis team's latest note and who wrote it (migration 0033). */
  note: string | null;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Crisis cues by tier, as operators edit them; compiled with the content-safety catalog. */
export interface CrisisPoliciesTable {
  id: string;
  name: string;
  tier: CrisisCueTier;
  cues_json: string;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** The detector's context vocabulary (`CrisisMarkers`), one row with id `default`. */
export interface CrisisMarkerSetsTable {
  id: string;
  markers_json: string;
  created_at: string;
  updated_at: string;
}

export type HandoffStatus = 'open' | 'in_progress' | 'resolved' | 'closed';

/** A conversation a person should take over: opened by a crisis, or at the user's request. */
export interface HandoffCasesTable {
  id: string;
  user_id: string;
  thread_id: string;
  crisis_event_id: string | null;
  reason: 'crisis' | 'user_request';
  status: HandoffStatus;
  note: string | null;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

/** What the service did about a crisis event: the reply it sent, the lines it named, the handoff it opened. */
export interface CrisisInterventionsTable {
  id: string;
  crisis_event_id: string;
  user_id: string;
  thread_id: string | null;
  message_id: string | null;
  tier: string;
  actions_json: string;
  hotlines_json: string;
  handoff_id: string | null;
  created_at: string;
}

export interface CrisisTables {
  crisis_events: CrisisEventsTable;
  crisis_policies: CrisisPoliciesTable;
  crisis_marker_sets: CrisisMarkerSetsTable;
  handoff_cases: HandoffCasesTable;
  crisis_interventions: CrisisInterventionsTable;
}
