import { randomUUID } from 'node:crypto';
import type { AdminActor } from '../admin/admin.service.ts';
import {
  changeCatalogRow,
  recordCatalogChange,
  setCatalogRowEnabled,
  type CatalogTable,
} from '../ask/catalog-changes.ts';
import type { AdminCatalogService } from '../cms/admin-catalog.routes.ts';
import type { Clock } from '../clock.ts';
import type { DbExecutor, GrowthDb } from '../db/database.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import type { Page, PageQuery } from '../http/pagination.ts';
import { compileCrisisPolicies } from '../safety/crisis-detector.ts';
import type { CrisisCueTier } from '../safety/crisis-detector.ts';
import {
  findCrisisPolicy,
  findMarkerSet,
  insertCrisisPolicies,
  loadCrisisMarkers,
  updateCrisisPolicy,
  upsertMarkerSet,
  listCrisisPoliciesPage,
  type CrisisPolicyRecord,
} from './crisis-policies.repository.ts';
import { fromMarkersBody, toCrisisPolicyView, toMarkersView } from './crisis.mapper.ts';
import type {
  CreateCrisisPolicyBody,
  CrisisMarkersBody,
  CrisisMarkersView,
  CrisisPolicyView,
  UpdateCrisisPolicyBody,
} from './crisis.schemas.ts';

export interface CrisisPoliciesServiceOptions {
  db: GrowthDb;
  clock: Clock;
}

/** Cues the detector would skip, as a 400 naming each one; the detector's own compiler is the judge. */
async function checkCues(
  db: DbExecutor,
  name: string,
  tier: CrisisCueTier,
  cues: readonly string[],
): Promise<string[]> {
  const cleaned = [...new Set(cues.map((cue) => cue.trim()).filter((cue) => cue.length > 0))];
  if (cleaned.length === 0) throw new AppError('VALIDATION_FAILED', 'body.cues must hold at least one cue');
  const compiled = compileCrisisPolicies(
    [{ id: 'candidate', name, tier, cues: cleaned, enabled: true }],
    await loadCrisisMarkers(db),
  );
  const issue = compiled.issues[0];
  if (issue) throw new AppError('VALIDATION_FAILED', `body.cues: "${issue.cue}" ${issue.reason}`);
  return cleaned;
}

/** Crisis policies as the audited row changes need them; their writes bump the safety catalog. */
const CRISIS_POLICIES: CatalogTable<CrisisPolicyRecord, CrisisPolicyView> = {
  catalog: 'safety',
  label: 'crisis policy',
  targetType: 'crisis_policy',
  find: findCrisisPolicy,
  update: updateCrisisPolicy,
  toView: toCrisisPolicyView,
};

/**
 * Crisis policies (cues by tier) and the detector's marker vocabulary. Every write bumps the `safety` catalog
 * version in its transaction, so the next message on any instance is checked with the change.
 */
export class CrisisPoliciesService implements AdminCatalogService<
  CrisisPolicyView,
  CreateCrisisPolicyBody,
  UpdateCrisisPolicyBody
> {
  constructor(private readonly options: CrisisPoliciesServiceOptions) {}

  async list(page: PageQuery): Promise<Page<CrisisPolicyView>> {
    const { rows, total } = await listCrisisPoliciesPage(this.options.db, page.limit, page.offset);
    return { items: rows.map(toCrisisPolicyView), total };
  }

  async get(id: string): Promise<CrisisPolicyView> {
    const record = await findCrisisPolicy(this.options.db, id);
    if (!record) throw notFound('crisis policy');
    return toCrisisPolicyView(record);
  }

  async create(actor: AdminActor, body: CreateCrisisPolicyBody): Promise<CrisisPolicyView> {
    const at = this.options.clock.now().toISOString();
    return this.options.db.transaction().execute(async (trx) => {
      const cues = await checkCues(trx, body.name, body.tier, body.cues);
      const record: CrisisPolicyRecord = {
        id: randomUUID(),
        name: body.name.trim(),
        tier: body.tier,
        cues_json: JSON.stringify(cues),
        enabled: body.enabled === false ? 0 : 1,
        created_at: at,
        updated_at: at,
      };
      await insertCrisisPolicies(trx, [record]);
      const view = toCrisisPolicyView(record);
      await recordCatalogChange(trx, 'safety', {
        actor,
        action: 'crisis_policy.create',
        targetType: CRISIS_POLICIES.targetType,
        targetId: record.id,
        before: undefined,
        after: view,
        at,
      });
      return view;
    });
  }

  async update(actor: AdminActor, id: string, body: UpdateCrisisPolicyBody): Promise<CrisisPolicyView> {
    const at = this.options.clock.now().toISOString();
    return changeCatalogRow(this.options.db, CRISIS_POLICIES, {
      actor,
      id,
      at,
      action: 'update',
      changesOf: async (before, trx) => {
        const name = body.name?.trim() ?? before.name;
        const tier = body.tier ?? before.tier;
        const cues = await checkCues(trx, name, tier, body.cues ?? toCrisisPolicyView(before).cues);
        return { name, tier, cues_json: JSON.stringify(cues), updated_at: at };
      },
    });
  }

  async setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<CrisisPolicyView> {
    const at = this.options.clock.now().toISOString();
    return setCatalogRowEnabled(this.options.db, CRISIS_POLICIES, { actor, id, at, enabled });
  }

  async getMarkers(): Promise<CrisisMarkersView> {
    const row = await findMarkerSet(this.options.db);
    return toMarkersView(await loadCrisisMarkers(this.options.db), row?.updated_at ?? null);
  }

  /** Replaces the whole vocabulary: the lists work together, so they are reviewed and saved together. */
  async replaceMarkers(actor: AdminActor, body: CrisisMarkersBody): Promise<CrisisMarkersView> {
    const at = this.options.clock.now().toISOString();
    const markers = fromMarkersBody(body);
    if (markers.firstPerson.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'body.first_person must hold at least one word');
    }
    return this.options.db.transaction().execute(async (trx) => {
      const before = await loadCrisisMarkers(trx);
      await upsertMarkerSet(trx, markers, at);
      const after = toMarkersView(markers, at);
      await recordCatalogChange(trx, 'safety', {
        actor,
        action: 'crisis_markers.replace',
        targetType: 'crisis_marker_set',
        targetId: 'default',
        before: toMarkersView(before, null),
        after,
        at,
      });
      return after;
    });
  }
}
