import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@app/service-kit';
import { ManualClock } from '../clock.ts';
import { openGrowthDatabase, type GrowthDatabase } from './database.ts';
import { backupFileName, scheduleSqliteBackups, writeSqliteBackup } from './sqlite-backups.ts';

let folder: string;
let backups: string;
let database: GrowthDatabase;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'growth-backups-'));
  backups = join(folder, 'backups');
  // The service's default: the file held exclusively, so only its own connection can copy it.
  database = await openGrowthDatabase({ url: undefined, sqliteFile: join(folder, 'growth.sqlite') });
  await sql`create table backup_probe (note text not null)`.execute(database.db);
  await sql`insert into backup_probe (note) values ('before the backup')`.execute(database.db);
});

afterEach(async () => {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

function writer() {
  const { backup } = database;
  if (!backup) throw new Error('a SQLite handle can back itself up');
  return backup;
}

async function notesIn(file: string): Promise<string[]> {
  const copy = await openDatabase<{ backup_probe: { note: string } }>({ sqliteFile: file });
  try {
    const rows = await copy.db.selectFrom('backup_probe').select('note').execute();
    return rows.map((row) => row.note);
  } finally {
    await copy.close();
  }
}

describe('SQLite backups', () => {
  it('copies the live, exclusively held database to a file another connection can open', async () => {
    const at = new Date('2026-11-21T13:53:46.123Z');
    const file = await writeSqliteBackup(writer(), { directory: backups, keep: 3 }, at);
    expect(file).toBe(join(backups, 'growth-20261121T135346Z.sqlite'));
    // The service keeps writing while and after it copies.
    await sql`insert into backup_probe (note) values ('after the backup')`.execute(database.db);
    expect(await notesIn(file)).toEqual(['before the backup']);
    // The whole schema came along: the copy opens as a migrated growth database.
    const copy = await openGrowthDatabase({ url: undefined, sqliteFile: file, sqliteLocking: 'normal' });
    try {
      const count = sql<{ n: number }>`select count(*) as n from kysely_migration`;
      expect((await count.execute(copy.db)).rows).toEqual((await count.execute(database.db)).rows);
    } finally {
      await copy.close();
    }
  });

  it('keeps the newest backups only, and never leaves a partial file', async () => {
    const start = Date.parse('2026-11-21T00:00:00Z');
    for (let hour = 0; hour < 4; hour += 1) {
      await writeSqliteBackup(writer(), { directory: backups, keep: 2 }, new Date(start + hour * 3_600_000));
    }
    expect(readdirSync(backups).sort()).toEqual([
      'growth-20261121T020000Z.sqlite',
      'growth-20261121T030000Z.sqlite',
    ]);
  });

  it('a failed copy leaves the earlier backups as they were and no partial file', async () => {
    const earlier = await writeSqliteBackup(
      writer(),
      { directory: backups, keep: 1 },
      new Date('2026-11-20T00:00:00Z'),
    );
    const failing = async (destination: string) => {
      await writer()(destination);
      throw new Error('disk full');
    };
    await expect(
      writeSqliteBackup(failing, { directory: backups, keep: 1 }, new Date('2026-11-21T00:00:00Z')),
    ).rejects.toThrow('disk full');
    expect(readdirSync(backups)).toEqual([backupFileName(new Date('2026-11-20T00:00:00Z'))]);
    expect(await notesIn(earlier)).toEqual(['before the backup']);
  });

  it('backs up at start, logs each copy, and stop waits for the copy in progress', async () => {
    const logged: string[] = [];
    const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
    const schedule = scheduleSqliteBackups(
      {
        writeBackup: writer(),
        clock,
        log: {
          info: (details) => logged.push(`info ${JSON.stringify(details)}`),
          error: (details) => logged.push(`error ${String((details as { err: unknown }).err)}`),
        },
      },
      { directory: backups, intervalHours: 24, keep: 7 },
    );
    await schedule.stop();
    expect(readdirSync(backups)).toEqual(['growth-20261121T080000Z.sqlite']);
    expect(logged).toEqual([
      `info ${JSON.stringify({ file: join(backups, 'growth-20261121T080000Z.sqlite') })}`,
    ]);
  });

  it('logs a failed copy instead of crashing the service', async () => {
    const logged: string[] = [];
    const schedule = scheduleSqliteBackups(
      {
        writeBackup: () => Promise.reject(new Error('read-only file system')),
        clock: new ManualClock(),
        log: {
          info: () => logged.push('info'),
          error: (details) => logged.push(`error ${String((details as { err: unknown }).err)}`),
        },
      },
      { directory: backups, intervalHours: 1, keep: 7 },
    );
    await schedule.stop();
    expect(logged).toEqual(['error Error: read-only file system']);
  });
});
