// Orders created and paid per second: POST /orders then POST /orders/{id}/pay-mock through the real app (in-process
// `inject`, so the number is the service and its database, not the network), several clients at once.
// SQLite file in WAL mode by default; set GROWTH_DATABASE_URL=postgres://… to measure PostgreSQL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgresSchema } from '@app/service-kit';
import { buildGrowthApp } from '../src/app.ts';
import { readGrowthConfig } from '../src/config.ts';
import { openGrowthDatabase } from '../src/db/database.ts';

const CLIENTS = 8;
const ORDERS_PER_CLIENT = 250;
const WARMUP_ORDERS = 50;
const KINDS = [
  { kind: 'membership', plan: 'month' },
  { kind: 'ask_pack', plan: 'pack10' },
] as const;

const postgresUrl = process.env.GROWTH_DATABASE_URL;
const folder = mkdtempSync(join(tmpdir(), 'growth-commerce-bench-'));
const schema = postgresUrl ? `bench_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;
const database = await openGrowthDatabase({
  url: postgresUrl,
  sqliteFile: join(folder, 'growth.sqlite'),
  postgresSchema: schema,
});
const app = await buildGrowthApp(
  readGrowthConfig({ LOG_LEVEL: 'silent', GROWTH_ADMIN_PASSWORD: 'bench-admin-password' }),
  { database },
);

async function buyOne(deviceId: string, index: number): Promise<void> {
  const headers = { 'x-device-id': deviceId };
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers,
    payload: KINDS[index % KINDS.length],
  });
  if (created.statusCode !== 200) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  const orderId = (created.json() as { data: { id: string } }).data.id;
  const paid = await app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/pay-mock`, headers });
  if (paid.statusCode !== 200) throw new Error(`pay answered ${paid.statusCode}: ${paid.body}`);
}

async function runClient(orders: number): Promise<void> {
  const deviceId = `bench-${randomUUID()}`;
  for (let index = 0; index < orders; index += 1) await buyOne(deviceId, index);
}

try {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  console.log(`database: ${database.dialect}, ${CLIENTS} concurrent clients`);
  await runClient(WARMUP_ORDERS);
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CLIENTS }, () => runClient(ORDERS_PER_CLIENT)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const total = CLIENTS * ORDERS_PER_CLIENT;
  console.log(
    `orders created and paid: ${total} in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(0)} orders/s ` +
      `(${((seconds * 1000) / total).toFixed(2)} ms per create+pay pair, amortised)`,
  );
} finally {
  await app.close();
  if (postgresUrl && schema) await dropPostgresSchema(postgresUrl, schema);
  rmSync(folder, { recursive: true, force: true });
}
