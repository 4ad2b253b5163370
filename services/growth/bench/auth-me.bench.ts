// GET /api/v1/auth/me with device resolution on SQLite (a file database in WAL mode with the configured locking, as
// in production), compared with a bare Fastify route answering the same bytes. Target: ≥ 50 % of the ceiling.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithCeiling, describeMachine, printComparison, serveWithCeiling } from '@app/bench-kit';
import { buildGrowthApp } from '../src/app.ts';
import { readGrowthConfig } from '../src/config.ts';
import { openGrowthDatabase } from '../src/db/database.ts';

const DEVICE_ID = 'bench-device-0001';

async function serve(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'growth-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const config = readGrowthConfig({ LOG_LEVEL: 'silent', GROWTH_ADMIN_PASSWORD: 'bench-admin-password' });
  const database = await openGrowthDatabase({
    url: undefined,
    sqliteFile: join(folder, 'growth.sqlite'),
    sqliteLocking: config.sqliteLocking,
  });
  const app = await buildGrowthApp(config, { database });
  await serveWithCeiling(app, {
    method: 'GET',
    path: '/api/v1/auth/me',
    headers: { 'x-device-id': DEVICE_ID },
  });
}

async function measure(): Promise<void> {
  console.log(`machine: ${describeMachine()}`);
  const result = await compareWithCeiling(
    'GET /api/v1/auth/me (SQLite, device resolution)',
    fileURLToPath(import.meta.url),
  );
  printComparison(result);
  if (result.ratio < 0.5) console.log('below the 50 % target');
}

await (process.argv.includes('--serve') ? serve() : measure());
