// Runs every benchmark (`services/*/bench/*.bench.ts`) one after another, so they do not compete for the two cores.
// `npm run bench -- growth` runs only the files whose path contains "growth".
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const filter = process.argv[2] ?? '';
const files = readdirSync('services')
  .map((service) => join('services', service, 'bench'))
  .filter((folder) => existsSync(folder))
  .flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith('.bench.ts'))
      .map((file) => join(folder, file)),
  )
  .filter((file) => file.includes(filter))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} failed (exit ${result.status ?? result.signal})`);
  }
}
console.log(`\n${files.length - failed} benchmarks ran, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
