// Runs every market benchmark (`*.bench.ts` in this folder) one after another, so they do not compete for the
// cores, and fails when one fails. `npx tsx services/market/bench/run-all.ts [filter]`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n### services/market/bench/${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(folder, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} failed (exit ${result.status ?? result.signal})`);
  }
}
console.log(`\n${files.length - failed} market benchmarks ran, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
