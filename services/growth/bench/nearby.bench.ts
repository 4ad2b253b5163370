/**
 * Nearby search latency with 100,000 visible profiles: `NearbyService.findNearby` (candidate query on the geo index,
 * haversine, ordering, the page of profiles) at random points in populated areas.
 *
 *   npx tsx services/growth/bench/nearby.bench.ts
 *   GROWTH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx services/growth/bench/nearby.bench.ts
 *
 * SQLite always runs (a file database in WAL mode, as in production); PostgreSQL runs too when GROWTH_DATABASE_URL
 * is set, in a schema of its own that is dropped afterwards. Target: p50 < 20 ms at the default 50 km radius.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describeMachine } from '@app/bench-kit';
import { dropPostgresSchema } from '@app/service-kit';
import { openGrowthDatabase, type GrowthDatabase } from '../src/db/database.ts';
import { NearbyService } from '../src/synastry/nearby.service.ts';

const PROFILE_COUNT = Number(process.env.BENCH_PROFILES ?? 100_000);
const INSERT_CHUNK = 500;
const WARMUP_SEARCHES = 100;
const MEASURED_SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1000);
const TARGET_P50_MS = 20;
const RADII_KM = [10, 50, 200, 500];
const KM_PER_DEGREE = 111.195;
const CREATED_AT = '2026-06-01T00:00:00.000Z';

/** Populated areas: a city centre, a relative weight (roughly its population) and a spread (σ, km). */
const CITIES = [
  { name: '上海', lat: 31.2304, lng: 121.4737, weight: 24, spreadKm: 25 },
  { name: '北京', lat: 39.9042, lng: 116.4074, weight: 22, spreadKm: 25 },
  { name: '重庆', lat: 29.563, lng: 106.5516, weight: 16, spreadKm: 30 },
  { name: '广州', lat: 23.1291, lng: 113.2644, weight: 18, spreadKm: 20 },
  { name: '深圳', lat: 22.5431, lng: 114.0579, weight: 17, spreadKm: 15 },
  { name: '成都', lat: 30.5728, lng: 104.0668, weight: 16, spreadKm: 20 },
  { name: '天津', lat: 39.3434, lng: 117.3616, weight: 13, spreadKm: 20 },
  { name: '武汉', lat: 30.5928, lng: 114.3055, weight: 12, spreadKm: 20 },
  { name: '西安', lat: 34.3416, lng: 108.9398, weight: 12, spreadKm: 15 },
  { name: '杭州', lat: 30.2741, lng: 120.1551, weight: 12, spreadKm: 20 },
  { name: '南京', lat: 32.0603, lng: 118.7969, weight: 9, spreadKm: 15 },
  { name: '苏州', lat: 31.2989, lng: 120.5853, weight: 12, spreadKm: 15 },
  { name: '郑州', lat: 34.7466, lng: 113.6254, weight: 12, spreadKm: 15 },
  { name: '长沙', lat: 28.2282, lng: 112.9388, weight: 10, spreadKm: 15 },
  { name: '沈阳', lat: 41.8057, lng: 123.4315, weight: 9, spreadKm: 15 },
  { name: '青岛', lat: 36.0671, lng: 120.3826, weight: 10, spreadKm: 15 },
  { name: '昆明', lat: 25.0389, lng: 102.7183, weight: 8, spreadKm: 12 },
  { name: '哈尔滨', lat: 45.8038, lng: 126.535, weight: 10, spreadKm: 15 },
  { name: '厦门', lat: 24.4798, lng: 118.0894, weight: 5, spreadKm: 10 },
  { name: '香港', lat: 22.3193, lng: 114.1694, weight: 7, spreadKm: 8 },
  { name: '台北', lat: 25.033, lng: 121.5654, weight: 7, spreadKm: 10 },
  { name: 'Singapore', lat: 1.3521, lng: 103.8198, weight: 6, spreadKm: 8 },
  { name: 'New York', lat: 40.7128, lng: -74.006, weight: 8, spreadKm: 20 },
  { name: 'London', lat: 51.5072, lng: -0.1276, weight: 8, spreadKm: 20 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093, weight: 5, spreadKm: 20 },
];
const TOTAL_WEIGHT = CITIES.reduce((sum, city) => sum + city.weight, 0);

/** Deterministic pseudo-random numbers so runs are comparable. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A point in a populated area: a city chosen by weight, then a normal spread around its centre. */
function populatedPoint(random: () => number): { lat: number; lng: number } {
  let pick = random() * TOTAL_WEIGHT;
  const city = CITIES.find((candidate) => (pick -= candidate.weight) < 0) ?? CITIES[0]!;
  const dLat = (gaussian(random) * city.spreadKm) / KM_PER_DEGREE;
  const dLng = (gaussian(random) * city.spreadKm) / (KM_PER_DEGREE * Math.cos((city.lat * Math.PI) / 180));
  return { lat: city.lat + dLat, lng: city.lng + dLng };
}

async function insertProfiles(database: GrowthDatabase): Promise<number> {
  const random = createRandom(7);
  const started = performance.now();
  await database.db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < PROFILE_COUNT; offset += INSERT_CHUNK) {
      const rows = Array.from({ length: Math.min(INSERT_CHUNK, PROFILE_COUNT - offset) }, (_, i) => ({
        userId: randomUUID(),
        index: offset + i,
        point: populatedPoint(random),
      }));
      await trx
        .insertInto('users')
        .values(
          rows.map((row) => ({
            id: row.userId,
            phone: null,
            password_hash: null,
            nickname: `u${row.index}`,
            status: 'active' as const,
            is_guest: 1,
            timezone: null,
            created_at: CREATED_AT,
            updated_at: CREATED_AT,
            last_seen_at: null,
          })),
        )
        .execute();
      await trx
        .insertInto('profiles')
        .values(
          rows.map((row) => ({
            id: randomUUID(),
            user_id: row.userId,
            relation: 'self' as const,
            display_name: `p${row.index}`,
            birth_date: '1990-01-01',
            birth_time: null,
            birth_place: null,
            gender: null,
            relation_type: null,
            geo_lat: row.point.lat,
            geo_lng: row.point.lng,
            geo_visible: 1,
            created_at: CREATED_AT,
            updated_at: CREATED_AT,
          })),
        )
        .execute();
    }
  });
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Row {
  database: string;
  radiusKm: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time of this process per search: the latency one uncontended core gives (SQLite runs in-process). */
  cpuP50Ms: number;
  cpuP99Ms: number;
  meanItems: number;
}

const MICROS_PER_MS = 1000;

async function measure(database: GrowthDatabase, label: string): Promise<Row[]> {
  const nearby = new NearbyService({ db: database.db });
  const seeker = randomUUID();
  const rows: Row[] = [];
  for (const radiusKm of RADII_KM) {
    const random = createRandom(radiusKm);
    for (let i = 0; i < WARMUP_SEARCHES; i++) {
      await nearby.findNearby(seeker, { ...populatedPoint(random), radius_km: radiusKm });
    }
    const latencies: number[] = [];
    const cpuTimes: number[] = [];
    let items = 0;
    for (let i = 0; i < MEASURED_SEARCHES; i++) {
      const point = populatedPoint(random);
      const cpuStart = process.cpuUsage();
      const started = performance.now();
      const found = await nearby.findNearby(seeker, { ...point, radius_km: radiusKm });
      latencies.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStart);
      cpuTimes.push((cpu.user + cpu.system) / MICROS_PER_MS);
      items += found.length;
    }
    latencies.sort((x, y) => x - y);
    cpuTimes.sort((x, y) => x - y);
    rows.push({
      database: label,
      radiusKm,
      p50Ms: Number(percentile(latencies, 50).toFixed(2)),
      p99Ms: Number(percentile(latencies, 99).toFixed(2)),
      cpuP50Ms: Number(percentile(cpuTimes, 50).toFixed(2)),
      cpuP99Ms: Number(percentile(cpuTimes, 99).toFixed(2)),
      meanItems: Number((items / MEASURED_SEARCHES).toFixed(1)),
    });
  }
  return rows;
}

async function showPlan(database: GrowthDatabase): Promise<void> {
  const query = sql`select id, geo_lat, geo_lng from profiles where geo_visible = 1 and geo_lat >= 30.78 and
    geo_lat <= 31.68 and geo_lng >= 120.94 and geo_lng <= 122.0 and user_id <> 'x'`;
  const plan =
    database.dialect === 'sqlite'
      ? await sql`explain query plan ${query}`.execute(database.db)
      : await sql`explain ${query}`.execute(database.db);
  console.log(`${database.dialect} plan of the candidate query:`);
  for (const row of plan.rows) console.log(`  ${JSON.stringify(row)}`);
}

async function run(database: GrowthDatabase, label: string): Promise<Row[]> {
  const insertMs = await insertProfiles(database);
  console.log(`${label}: inserted ${PROFILE_COUNT} visible profiles in ${(insertMs / 1000).toFixed(1)} s`);
  if (database.dialect === 'postgres') await sql`analyze profiles`.execute(database.db);
  await showPlan(database);
  return measure(database, label);
}

console.log(
  `machine: ${describeMachine()}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
const results: Row[] = [];
const folder = mkdtempSync(join(tmpdir(), 'growth-nearby-bench-'));
try {
  // BENCH_SQLITE_FILE keeps the filled database for looking at plans afterwards.
  const sqliteFile = process.env.BENCH_SQLITE_FILE ?? join(folder, 'growth.sqlite');
  const sqlite = await openGrowthDatabase({ url: undefined, sqliteFile });
  try {
    results.push(...(await run(sqlite, 'sqlite')));
  } finally {
    await sqlite.close();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
const postgresUrl = process.env.GROWTH_DATABASE_URL;
if (postgresUrl) {
  const schema = `bench_nearby_${process.pid}`;
  const postgres = await openGrowthDatabase({ url: postgresUrl, sqliteFile: '', postgresSchema: schema });
  try {
    results.push(...(await run(postgres, 'postgres')));
  } finally {
    await postgres.close();
    await dropPostgresSchema(postgresUrl, schema);
  }
}
console.table(results);
const headline = results.find((row) => row.database === 'sqlite' && row.radiusKm === 50);
if (headline && headline.p50Ms >= TARGET_P50_MS) {
  console.log(`below target: SQLite p50 at 50 km is ${headline.p50Ms} ms (target < ${TARGET_P50_MS} ms)`);
  process.exitCode = 1;
}
