import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openGrowthDatabase } from './database.ts';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'growth-db-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

async function lockingModeOf(options: { sqliteLocking?: 'normal' | 'exclusive' }): Promise<string> {
  const database = await openGrowthDatabase({
    url: undefined,
    sqliteFile: join(folder, 'growth.sqlite'),
    ...options,
  });
  try {
    const { rows } = await sql<{ locking_mode: string }>`pragma locking_mode`.execute(database.db);
    return rows[0]?.locking_mode ?? '';
  } finally {
    await database.close();
  }
}

describe('the growth SQLite file', () => {
  it('is held exclusively by default, as the service runs it, and shared when configured so', async () => {
    expect(await lockingModeOf({})).toBe('exclusive');
    expect(await lockingModeOf({ sqliteLocking: 'normal' })).toBe('normal');
  });
});
