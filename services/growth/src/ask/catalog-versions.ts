import type { DbExecutor } from '../db/database.ts';
import type { AskCatalog } from './ask.tables.ts';

export type CatalogVersions = Readonly<Record<AskCatalog, number>>;

const ASK_CATALOGS: readonly AskCatalog[] = ['safety', 'knowledge', 'prompts', 'tools'];

/**
 * Marks a catalog as changed. Call it in the transaction of the change: the new rows and the new version become
 * visible together, so an instance that sees the version also sees the rows.
 */
export async function bumpCatalogVersion(db: DbExecutor, catalog: AskCatalog, at: string): Promise<void> {
  const result = await db
    .updateTable('ask_catalog_versions')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('catalog', '=', catalog)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    await db.insertInto('ask_catalog_versions').values({ catalog, version: 2, updated_at: at }).execute();
  }
}

/** Every catalog's version in one read of a four-row table: cheap enough to run before each message. */
export async function readCatalogVersions(db: DbExecutor): Promise<CatalogVersions> {
  const rows = await db.selectFrom('ask_catalog_versions').select(['catalog', 'version']).execute();
  const versions: Record<AskCatalog, number> = { safety: 0, knowledge: 0, prompts: 0, tools: 0 };
  for (const row of rows) {
    if (ASK_CATALOGS.includes(row.catalog)) versions[row.catalog] = Number(row.version);
  }
  return versions;
}

/**
 * One built value per catalog version (a compiled safety configuration, a knowledge index). Concurrent requests
 * that find the same new version share one build; a failed build is forgotten so the next request retries.
 */
export class VersionedBuild<T> {
  private version: number | null = null;
  private value: Promise<T> | null = null;

  constructor(private readonly build: () => Promise<T>) {}

  get(version: number): Promise<T> {
    // Versions only grow: a request that read an older version a moment ago may use the newer build.
    if (this.value !== null && this.version !== null && this.version >= version) return this.value;
    const value = this.build();
    this.version = version;
    this.value = value;
    value.catch(() => {
      if (this.value === value) {
        this.value = null;
        this.version = null;
      }
    });
    return value;
  }
}
