import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dropPostgresSchema, isPostgresUrl, openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrations.ts';
import { createNotes, slowNotesProvider } from './notes-migration.fixture.ts';

const postgresUrl = process.env['GROWTH_DATABASE_URL'];
const onPostgres = isPostgresUrl(postgresUrl);
const handles: { handle: DatabaseHandle<unknown>; schema: string | undefined }[] = [];

async function open(): Promise<{ db: Kysely<unknown>; schema: string | undefined }> {
  const schema = onPostgres ? `mig_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await openDatabase<unknown>({
    url: postgresUrl,
    sqliteFile: ':memory:',
    postgresSchema: schema,
  });
  handles.push({ handle, schema });
  return { db: handle.db, schema };
}

afterEach(async () => {
  for (const { handle, schema } of handles.splice(0)) {
    await handle.close();
    if (schema && postgresUrl) await dropPostgresSchema(postgresUrl, schema);
  }
});

/** A provider whose first reads fail as Kysely's catalog read does when another schema is dropped under it. */
function racingProvider(failures: number, message: string): MigrationProvider & { calls: number } {
  const provider = {
    calls: 0,
    async getMigrations(): Promise<Record<string, Migration>> {
      provider.calls += 1;
      if (provider.calls <= failures) throw new Error(message);
      return { '0001-notes': createNotes };
    },
  };
  return provider;
}

describe('migrateToLatest', () => {
  it('names the migration that failed and never runs it again', async () => {
    const { db, schema } = await open();
    let runs = 0;
    const provider: MigrationProvider = {
      getMigrations: async () => ({
        '0001-notes': createNotes,
        '0002-broken': {
          up: async () => {
            runs += 1;
            throw new Error('column "missing" of relation "notes" does not exist');
          },
        },
      }),
    };
    await expect(migrateToLatest(db, provider, { postgresSchema: schema })).rejects.toThrow(
      /migration 0002-broken failed: column "missing"/,
    );
    expect(runs).toBe(1);
  });

  it.skipIf(!onPostgres)(
    'retries when objects of another schema vanish under the catalog read, before any migration ran',
    async () => {
      const { db, schema } = await open();
      const provider = racingProvider(2, 'column "rating" of relation "ask_feedback" does not exist');
      expect(await migrateToLatest(db, provider, { postgresSchema: schema })).toEqual(['0001-notes']);
      expect(provider.calls).toBe(3);
    },
  );

  it.skipIf(!onPostgres)('does not retry when the vanished object is its own schema', async () => {
    const { db, schema } = await open();
    const provider = racingProvider(1, `schema "${schema}" does not exist`);
    await expect(migrateToLatest(db, provider, { postgresSchema: schema })).rejects.toThrow(/does not exist/);
    expect(provider.calls).toBe(1);
  });
});

describe('migrations on one SQLite file from several starters at once', () => {
  async function migratedOnce(file: string): Promise<void> {
    const check = await openDatabase<unknown>({ sqliteFile: file });
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(check.db);
      expect(rows).toEqual([{ name: '0001-notes' }]);
    } finally {
      await check.close();
    }
  }

  it('two connections of one process take turns: one runs the migration, the other finds it done', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kit-migrate-'));
    try {
      const file = join(folder, 'shared.sqlite');
      const [first, second] = [
        await openDatabase<unknown>({ sqliteFile: file }),
        await openDatabase<unknown>({ sqliteFile: file }),
      ];
      try {
        const ran = await Promise.all([
          migrateToLatest(first.db, slowNotesProvider(100)),
          migrateToLatest(second.db, slowNotesProvider(100)),
        ]);
        expect(ran.flat()).toEqual(['0001-notes']);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
      await migratedOnce(file);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('two processes started together both come up, and the migration runs once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kit-migrate-'));
    try {
      const file = join(folder, 'shared.sqlite');
      const fixture = join(dirname(fileURLToPath(import.meta.url)), 'migration-race.fixture.ts');
      const run = async () => {
        const child = spawn(process.execPath, ['--import', 'tsx', fixture, file], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const [code] = (await once(child, 'exit')) as [number | null];
        return { code, ran: code === 0 ? (JSON.parse(stdout) as string[]) : stderr };
      };
      const results = await Promise.all([run(), run()]);
      expect(results.map((result) => result.code)).toEqual([0, 0]);
      expect(results.flatMap((result) => result.ran)).toEqual(['0001-notes']);
      await migratedOnce(file);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
