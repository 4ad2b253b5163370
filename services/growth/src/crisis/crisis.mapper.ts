import { Type } from '@sinclair/typebox';
import { readJsonColumn } from '../ask/json-columns.ts';
import type { CrisisMarkers } from '../safety/crisis-detector.ts';
import type { CrisisPolicyRecord } from './crisis-policies.repository.ts';
import { readCues } from './crisis-policies.repository.ts';
import type { CrisisEventRecord, CrisisInterventionRecord, HandoffRecord } from './crisis.repository.ts';
import type {
  CrisisEvent,
  CrisisMarkersBody,
  CrisisMarkersView,
  CrisisPolicyView,
  Handoff,
  Intervention,
} from './crisis.schemas.ts';
import { HotlineSchema } from './crisis.schemas.ts';

const StringList = Type.Array(Type.String());
const HotlineList = Type.Array(HotlineSchema);

export function toCrisisEvent(record: CrisisEventRecord): CrisisEvent {
  return {
    id: record.id,
    user_id: record.user_id,
    profile_id: record.profile_id,
    source: record.source,
    source_ref: record.source_ref,
    tier: record.tier,
    summary: record.summary,
    status: record.status,
    note: record.note,
    handled_by: record.handled_by,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function toIntervention(record: CrisisInterventionRecord): Intervention {
  return {
    id: record.id,
    crisis_event_id: record.crisis_event_id,
    user_id: record.user_id,
    thread_id: record.thread_id,
    message_id: record.message_id,
    tier: record.tier,
    actions: readJsonColumn(record.actions_json, StringList, []),
    hotlines: readJsonColumn(record.hotlines_json, HotlineList, []),
    handoff_id: record.handoff_id,
    created_at: record.created_at,
  };
}

export function toHandoff(record: HandoffRecord): Handoff {
  return {
    id: record.id,
    user_id: record.user_id,
    thread_id: record.thread_id,
    crisis_event_id: record.crisis_event_id,
    reason: record.reason,
    status: record.status,
    note: record.note,
    handled_by: record.handled_by,
    created_at: record.created_at,
    updated_at: record.updated_at,
    closed_at: record.closed_at,
  };
}

export function toCrisisPolicyView(record: CrisisPolicyRecord): CrisisPolicyView {
  return {
    id: record.id,
    name: record.name,
    tier: record.tier,
    cues: readCues(record),
    enabled: record.enabled === 1,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function toMarkersView(markers: CrisisMarkers, updatedAt: string | null): CrisisMarkersView {
  return {
    first_person: [...markers.firstPerson],
    third_person: [...markers.thirdPerson],
    media: [...markers.media],
    neutral: [...markers.neutral],
    object_markers: [...markers.objectMarkers],
    reported_speech: [...markers.reportedSpeech],
    negation: [...markers.negation],
    past_time: [...markers.pastTime],
    resolved: [...markers.resolved],
    exclusions: [...markers.exclusions],
    help_seeking: [...markers.helpSeeking],
    modified_nouns: [...markers.modifiedNouns],
    self_description: [...markers.selfDescription],
    updated_at: updatedAt,
  };
}

export function fromMarkersBody(body: CrisisMarkersBody): CrisisMarkers {
  const clean = (words: readonly string[]) => [...new Set(words.map((word) => word.trim()).filter(Boolean))];
  return {
    firstPerson: clean(body.first_person),
    thirdPerson: clean(body.third_person),
    media: clean(body.media),
    neutral: clean(body.neutral),
    objectMarkers: clean(body.object_markers),
    reportedSpeech: clean(body.reported_speech),
    negation: clean(body.negation),
    pastTime: clean(body.past_time),
    resolved: clean(body.resolved),
    exclusions: clean(body.exclusions),
    helpSeeking: clean(body.help_seeking),
    modifiedNouns: clean(body.modified_nouns),
    selfDescription: clean(body.self_description),
  };
}
