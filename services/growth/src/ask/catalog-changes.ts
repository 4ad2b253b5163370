import type { AdminActor } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { DbExecutor, GrowthDb, GrowthTransaction } from '../db/database.ts';
import { notFound } from '../errors/app-error.ts';
import type { AskCatalog } from './ask.tables.ts';
import { bumpCatalogVersion } from './catalog-versions.ts';

export interface CatalogChange {
  actor: AdminActor;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  at: string;
}

/** Bumps the catalog's version (the next message rebuilds from it) and audits, in the transaction of the change. */
export async function recordCatalogChange(
  db: DbExecutor,
  catalog: AskCatalog,
  change: CatalogChange,
): Promise<void> {
  await bumpCatalogVersion(db, catalog, change.at);
  await recordAudit(db, {
    adminId: change.actor.adminId,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    before: change.before,
    after: change.after,
    clientAddress: change.actor.clientAddress,
    at: change.at,
  });
}

/** One console catalog's rows, as the audited row changes below need them. */
export interface CatalogTable<Row, View> {
  catalog: AskCatalog;
  /** What an unknown id's 404 names, e.g. `filter rule`. */
  label: string;
  /** The audit target type, and the prefix of its actions (`filter_rule.update`). */
  targetType: string;
  find(db: DbExecutor, id: string): Promise<Row | undefined>;
  update(db: DbExecutor, id: string, changes: Partial<Row>): Promise<void>;
  toView(row: Row): View;
}

/**
 * Changes one row of a console catalog in one transaction: reads it (404 when unknown), applies the changes derived
 * from it, and records before and after with the catalog's version bump, as `<targetType>.<action>`.
 */
export function changeCatalogRow<Row, View>(
  db: GrowthDb,
  table: CatalogTable<Row, View>,
  change: {
    actor: AdminActor;
    id: string;
    at: string;
    action: string;
    changesOf(before: Row, trx: GrowthTransaction): Partial<Row> | Promise<Partial<Row>>;
  },
): Promise<View> {
  return db.transaction().execute(async (trx) => {
    const before = await table.find(trx, change.id);
    if (!before) throw notFound(table.label);
    const changes = await change.changesOf(before, trx);
    await table.update(trx, change.id, changes);
    const after = table.toView({ ...before, ...changes });
    await recordCatalogChange(trx, table.catalog, {
      actor: change.actor,
      action: `${table.targetType}.${change.action}`,
      targetType: table.targetType,
      targetId: change.id,
      before: table.toView(before),
      after,
      at: change.at,
    });
    return after;
  });
}

/** Enables or disables one row, audited as `<targetType>.enable` or `.disable`. */
export function setCatalogRowEnabled<Row extends { enabled: number; updated_at: string }, View>(
  db: GrowthDb,
  table: CatalogTable<Row, View>,
  change: { actor: AdminActor; id: string; at: string; enabled: boolean },
): Promise<View> {
  return changeCatalogRow(db, table, {
    ...change,
    action: change.enabled ? 'enable' : 'disable',
    changesOf: () => ({ enabled: change.enabled ? 1 : 0, updated_at: change.at }) as Partial<Row>,
  });
}
