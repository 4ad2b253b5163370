// Starts both services side by side on their embedded defaults and stops both when either stops or a signal arrives.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const services = [
  { name: 'growth', entry: 'services/growth/src/server.ts' },
  { name: 'market', entry: 'services/market/src/server.ts' },
].filter((service) => existsSync(join(root, service.entry)));

// Each service reads its own database URL; a shared DATABASE_URL would put both schemas in one database.
const env = { ...process.env };
delete env.DATABASE_URL;

const children = services.map((service) => {
  const child = spawn(process.execPath, ['--import', 'tsx', service.entry], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${service.name} service exited (${signal ?? code}); stopping the others`);
      stop(typeof code === 'number' && code !== 0 ? code : 1);
    }
  });
  return child;
});

let stopping = false;
function stop(exitCode) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  let remaining = children.filter((child) => child.exitCode === null).length;
  if (remaining === 0) process.exit(exitCode);
  for (const child of children) {
    child.once('exit', () => {
      remaining -= 1;
      if (remaining === 0) process.exit(exitCode);
    });
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
