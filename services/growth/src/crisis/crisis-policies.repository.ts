import { Type } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import { readJsonColumn } from '../ask/json-columns.ts';
import type { DbExecutor } from '../db/database.ts';
import { idTableRows } from '../db/id-table-rows.ts';
import type { CrisisMarkers, CrisisPolicy } from '../safety/crisis-detector.ts';
import { SEED_CRISIS_MARKERS } from '../safety/seed/crisis-policies.seed.ts';
import type { CrisisMarkerSetsTable, CrisisPoliciesTable } from './crisis.tables.ts';

export type CrisisPolicyRecord = Selectable<CrisisPoliciesTable>;
export type CrisisMarkerSetRecord = Selectable<CrisisMarkerSetsTable>;

/** The one marker set the detector reads. */
export const DEFAULT_MARKER_SET_ID = 'default';

const StringList = Type.Array(Type.String());

export const CrisisMarkersSchema = Type.Object({
  firstPerson: StringList,
  thirdPerson: StringList,
  media: StringList,
  neutral: StringList,
  objectMarkers: StringList,
  reportedSpeech: StringList,
  negation: StringList,
  pastTime: StringList,
  resolved: StringList,
  exclusions: StringList,
  helpSeeking: StringList,
  modifiedNouns: StringList,
  selfDescription: StringList,
});

export function readCues(record: CrisisPolicyRecord): string[] {
  return readJsonColumn(record.cues_json, StringList, []);
}

export function toCrisisPolicy(record: CrisisPolicyRecord): CrisisPolicy {
  return {
    id: record.id,
    name: record.name,
    tier: record.tier,
    cues: readCues(record),
    enabled: record.enabled === 1,
  };
}

export async function listEnabledCrisisPolicies(db: DbExecutor): Promise<CrisisPolicy[]> {
  const rows = await db
    .selectFrom('crisis_policies')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toCrisisPolicy);
}

/** The stored markers; a missing or unreadable row falls back to the shipped markers rather than disabling detection. */
export async function loadCrisisMarkers(db: DbExecutor): Promise<CrisisMarkers> {
  const row = await findMarkerSet(db);
  return readJsonColumn(row?.markers_json ?? null, CrisisMarkersSchema, SEED_CRISIS_MARKERS);
}

export async function findMarkerSet(db: DbExecutor): Promise<CrisisMarkerSetRecord | undefined> {
  return db
    .selectFrom('crisis_marker_sets')
    .selectAll()
    .where('id', '=', DEFAULT_MARKER_SET_ID)
    .executeTakeFirst();
}

export async function upsertMarkerSet(db: DbExecutor, markers: CrisisMarkers, at: string): Promise<void> {
  const markersJson = JSON.stringify(markers);
  await db
    .insertInto('crisis_marker_sets')
    .values({ id: DEFAULT_MARKER_SET_ID, markers_json: markersJson, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ markers_json: markersJson, updated_at: at }),
    )
    .execute();
}

const crisisPolicyRows = idTableRows('crisis_policies', ['created_at', 'id']);
export const listCrisisPoliciesPage = crisisPolicyRows.listPage;
export const findCrisisPolicy = crisisPolicyRows.find;
export const insertCrisisPolicies = crisisPolicyRows.insertNew;
export const updateCrisisPolicy = crisisPolicyRows.update;

/** Inserts the marker set only when none exists (the seed step); returns whether it did. */
export async function insertMarkerSetIfAbsent(
  db: DbExecutor,
  markers: CrisisMarkers,
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('crisis_marker_sets')
    .values({
      id: DEFAULT_MARKER_SET_ID,
      markers_json: JSON.stringify(markers),
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
