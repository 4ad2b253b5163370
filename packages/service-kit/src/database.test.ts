import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';

interface Notes {
  notes: { id: number; body: string };
}

let folder: string;
const opened: DatabaseHandle<Notes>[] = [];

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'service-kit-db-'));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
  rmSync(folder, { recursive: true, force: true });
});

async function open(file: string, sqliteLocking: 'normal' | 'exclusive'): Promise<DatabaseHandle<Notes>> {
  const handle = await openDatabase<Notes>({ sqliteFile: join(folder, file), sqliteLocking });
  opened.push(handle);
  return handle;
}

async function createNotes(handle: DatabaseHandle<Notes>): Promise<void> {
  await handle.db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('body', 'text', (column) => column.notNull())
    .execute();
}

async function closeAll(): Promise<void> {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
}

describe('SQLite locking', () => {
  it('exclusive: the file is refused to a second connection while the first holds it, with a clear message', async () => {
    const first = await open('growth.sqlite', 'exclusive');
    await createNotes(first);
    await first.db.insertInto('notes').values({ id: 1, body: 'kept' }).execute();
    await closeAll();

    // Reopened and only read: the lock is held from the first read on, not only after a write.
    const holder = await open('growth.sqlite', 'exclusive');
    expect(await holder.db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'kept' }]);
    await expect(open('growth.sqlite', 'normal')).rejects.toThrow(
      /growth\.sqlite is locked by another process/,
    );
    // The refused attempt changed nothing for the holder.
    await holder.db.insertInto('notes').values({ id: 2, body: 'still writable' }).execute();
    await closeAll();

    const after = await open('growth.sqlite', 'normal');
    expect(await after.db.selectFrom('notes').select('id').orderBy('id').execute()).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  }, 20_000);

  it('normal: two connections share the file and each reads what the other committed', async () => {
    const writer = await open('shared.sqlite', 'normal');
    await createNotes(writer);
    const reader = await open('shared.sqlite', 'normal');
    await writer.db.insertInto('notes').values({ id: 1, body: 'from the writer' }).execute();
    expect(await reader.db.selectFrom('notes').select('body').execute()).toEqual([
      { body: 'from the writer' },
    ]);
    await reader.db.insertInto('notes').values({ id: 2, body: 'from the reader' }).execute();
    expect(await sql<{ n: number }>`select count(*) as n from notes`.execute(writer.db)).toMatchObject({
      rows: [{ n: 2 }],
    });
  });

  it('keeps the WAL journal in both modes', async () => {
    for (const mode of ['normal', 'exclusive'] as const) {
      const handle = await open(`${mode}.sqlite`, mode);
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
      expect(rows).toEqual([{ journal_mode: 'wal' }]);
    }
  });
});
