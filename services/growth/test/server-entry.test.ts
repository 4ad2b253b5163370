import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const GROWTH_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

describe('the server entry point (src/server.ts)', () => {
  it('starts on SQLite (with Redis when REDIS_URL is set), backs the file up, serves, and stops on SIGTERM', async () => {
    folder = mkdtempSync(join(tmpdir(), 'growth-entry-'));
    const port = await freePort();
    const { GROWTH_DATABASE_URL: _pg, DATABASE_URL: _db, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: GROWTH_ROOT,
      env: {
        ...inherited,
        HOST: '127.0.0.1',
        GROWTH_PORT: String(port),
        GROWTH_SQLITE_FILE: join(folder, 'growth.sqlite'),
        GROWTH_SQLITE_BACKUP_DIR: join(folder, 'backups'),
        GROWTH_ADMIN_PASSWORD: 'server-entry-password',
        PASSWORD_HASH_COST_LOG2: '10',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const messages: string[] = [];
    const waiters: { pattern: string; resolve: () => void }[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message = line;
      try {
        message = (JSON.parse(line) as { msg?: string }).msg ?? line;
      } catch {
        // not a log line
      }
      messages.push(message);
      for (const waiter of waiters.filter((entry) => message.includes(entry.pattern))) waiter.resolve();
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const logged = (pattern: string) =>
      messages.some((message) => message.includes(pattern))
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ pattern, resolve });
            child.once('exit', (code) => reject(new Error(`exited ${code} before "${pattern}": ${stderr}`)));
          });

    await logged('Server listening');
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/me`, {
      headers: { 'x-device-id': 'server-entry-device' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { is_guest: boolean } }).data.is_guest).toBe(true);

    await logged('sqlite backup written');
    const backups = readdirSync(join(folder, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^growth-\d{8}T\d{6}Z\.sqlite$/);

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(messages).toContain('shutting down');
    expect(code).toBe(0);
    expect(stderr).not.toContain('failed to start');
    expect(existsSync(join(folder, 'growth.sqlite'))).toBe(true);
  }, 60_000);
});
