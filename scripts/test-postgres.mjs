// Runs the whole test suite against PostgreSQL (a fresh database per run) and Redis. Fails loudly when either is
// unreachable: it never falls back to SQLite or skips.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const database = `test_run_${Date.now()}_${process.pid}`;

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function checkRedis() {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    const pong = await redis.ping();
    if (pong !== 'PONG') throw new Error(`unexpected answer ${pong}`);
  } finally {
    redis.disconnect();
  }
}

try {
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${database}"`));
} catch (error) {
  console.error(`PostgreSQL is not reachable at ${adminUrl}: ${error.message}`);
  process.exit(1);
}
try {
  await checkRedis();
} catch (error) {
  console.error(`Redis is not reachable at ${redisUrl}: ${error.message}`);
  await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${database}"`));
  process.exit(1);
}

const testUrl = new URL(adminUrl);
testUrl.pathname = `/${database}`;
console.log(`running the suite on PostgreSQL database ${database} and Redis ${redisUrl}`);
const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    GROWTH_DATABASE_URL: testUrl.toString(),
    MARKET_DATABASE_URL: testUrl.toString(),
    REDIS_URL: redisUrl,
  },
});

await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
process.exit(result.status ?? 1);
