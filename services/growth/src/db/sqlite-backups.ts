import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../clock.ts';

export interface SqliteBackupSettings {
  directory: string;
  intervalHours: number;
  /** How many of the newest backups to keep; older ones are deleted after each new one is complete. */
  keep: number;
}

/** Copies the live database to a file (`DatabaseHandle.backup`). */
export type BackupWriter = (destinationFile: string) => Promise<void>;

interface BackupLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const HOUR_MS = 60 * 60 * 1000;
/** `growth-20261121T135346Z.sqlite`: names sort as the instants they were taken. */
const BACKUP_NAME = /^growth-\d{8}T\d{6}Z\.sqlite$/;

export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `growth-${stamp}.sqlite`;
}

/**
 * Writes one backup under a temporary name and renames it once complete, so a file with a backup's name is always
 * whole; then deletes the oldest backups beyond `keep`. A failed copy leaves the earlier backups as they were.
 */
export async function writeSqliteBackup(
  writeBackup: BackupWriter,
  settings: Pick<SqliteBackupSettings, 'directory' | 'keep'>,
  at: Date,
): Promise<string> {
  await mkdir(settings.directory, { recursive: true });
  const file = join(settings.directory, backupFileName(at));
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  try {
    await writeBackup(partial);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  const backups = (await readdir(settings.directory)).filter((name) => BACKUP_NAME.test(name)).sort();
  for (const name of backups.slice(0, Math.max(0, backups.length - settings.keep))) {
    await rm(join(settings.directory, name), { force: true });
  }
  return file;
}

/**
 * Backs the embedded database up at start and then every `intervalHours`, one copy at a time. The growth service
 * holds its SQLite file exclusively, so outside tools cannot copy it while it runs; this is the supported way.
 * `stop` waits for a copy in progress, so the database is not closed under it.
 */
export function scheduleSqliteBackups(
  deps: { writeBackup: BackupWriter; clock: Clock; log: BackupLog },
  settings: SqliteBackupSettings,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const runOnce = (): Promise<void> => {
    running ??= writeSqliteBackup(deps.writeBackup, settings, deps.clock.now())
      .then(
        (file) => deps.log.info({ file }, 'sqlite backup written'),
        (error: unknown) => deps.log.error({ err: error }, 'sqlite backup failed'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  void runOnce();
  const timer = setInterval(() => void runOnce(), settings.intervalHours * HOUR_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
