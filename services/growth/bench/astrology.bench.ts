/**
 * Astrology engine throughput on one core: `npx tsx services/growth/bench/astrology.bench.ts`.
 * A "report chart" is what a star-report request computes: the natal chart with houses
 * (including the local-time → UTC conversion), its aspects, and the transits at "now".
 */
import os from 'node:os';
import type { BirthInput, GeoLocation } from '../src/astrology/astrology.types.ts';
import { computeNatalAspects } from '../src/astrology/aspects.engine.ts';
import {
  computeChartAt,
  computeNatalChart,
  computeSecondaryProgression,
  computeTransits,
} from '../src/astrology/chart.engine.ts';
import { computeCompositeChart, computeDavisonChart } from '../src/astrology/relationship-charts.engine.ts';

const TARGET_REPORT_CHARTS_PER_SECOND = 1000;
const WARMUP_ITERATIONS = 2000;
const MEASURE_MS = 2000;
const INPUT_COUNT = 1000;
const FIRST_BIRTH_MS = Date.UTC(1950, 0, 1);
const BIRTH_SPAN_MS = Date.UTC(2010, 0, 1) - FIRST_BIRTH_MS;

const PLACES: GeoLocation[] = [
  { name: '北京', lat: 39.9042, lng: 116.4074, tz: 'Asia/Shanghai', assumed: false },
  { name: '广州', lat: 23.1291, lng: 113.2644, tz: 'Asia/Shanghai', assumed: false },
  { name: '哈尔滨', lat: 45.8038, lng: 126.535, tz: 'Asia/Shanghai', assumed: false },
  { name: 'New York', lat: 40.7128, lng: -74.006, tz: 'America/New_York', assumed: false },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093, tz: 'Australia/Sydney', assumed: false },
  { name: 'Helsinki', lat: 60.1699, lng: 24.9384, tz: 'Europe/Helsinki', assumed: false },
];

/** Deterministic pseudo-random numbers so runs are comparable. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function buildInputs(): BirthInput[] {
  const random = createRandom(42);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return Array.from({ length: INPUT_COUNT }, (_, i) => {
    const d = new Date(FIRST_BIRTH_MS + random() * BIRTH_SPAN_MS);
    return {
      birthDate: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
      birthTime: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
      place: PLACES[i % PLACES.length] ?? PLACES[0]!,
    };
  });
}

interface Row {
  workload: string;
  opsPerSecond: number;
  opsPerCpuSecond: number;
  cpuMicrosPerOp: number;
}

const MICROS_PER_SECOND = 1_000_000;

/**
 * Wall-clock and CPU-time throughput. On a shared machine the wall clock also counts time the
 * process waited for a core; user+system CPU time is what one core actually spent.
 */
function measure(workload: string, run: (i: number) => unknown): Row {
  let sink = 0;
  for (let i = 0; i < WARMUP_ITERATIONS; i++) sink += run(i) ? 1 : 0;
  let count = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < MEASURE_MS) {
    for (let k = 0; k < 100; k++) sink += run(count++) ? 1 : 0;
    elapsed = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / MICROS_PER_SECOND;
  if (sink < 0) console.log(sink);
  return {
    workload,
    opsPerSecond: Math.round((count / elapsed) * 1000),
    opsPerCpuSecond: Math.round(count / cpuSeconds),
    cpuMicrosPerOp: (cpuSeconds * MICROS_PER_SECOND) / count,
  };
}

function main(): void {
  const inputs = buildInputs();
  const input = (i: number): BirthInput => inputs[i % inputs.length] ?? inputs[0]!;
  const natals = inputs.map((x) => computeNatalChart(x));
  const natal = (i: number) => natals[i % natals.length] ?? natals[0]!;
  const now = Date.now();

  const rows: Row[] = [
    measure('report chart: natal + houses + aspects + transits', (i) => {
      const chart = computeNatalChart(input(i));
      const aspects = computeNatalAspects(chart);
      const transits = computeTransits(chart, new Date(now + i));
      return aspects.length + transits.length;
    }),
    measure('natal chart with houses (incl. tz conversion)', (i) => computeNatalChart(input(i))),
    measure('chart at a UTC instant with houses', (i) =>
      computeChartAt(natal(i).instantUtc, natal(i).location, true),
    ),
    measure('natal aspects', (i) => computeNatalAspects(natal(i))),
    measure('transits (sky at now + aspects)', (i) => computeTransits(natal(i), new Date(now + i))),
    measure('secondary progression', (i) => computeSecondaryProgression(natal(i), new Date(now))),
    measure('composite + davison', (i) => {
      const a = natal(i);
      const b = natal(i + 1);
      return [computeCompositeChart(a, b), computeDavisonChart(a, b)];
    }),
  ];

  console.log(`astrology engine, one core, node ${process.version}`);
  console.table(
    rows.map((r) => ({
      workload: r.workload,
      'ops/s (wall)': r.opsPerSecond,
      'ops/s (CPU)': r.opsPerCpuSecond,
      'CPU µs/op': Number(r.cpuMicrosPerOp.toFixed(1)),
    })),
  );
  const report = rows[0]?.opsPerCpuSecond ?? 0;
  const verdict = report >= TARGET_REPORT_CHARTS_PER_SECOND ? 'meets' : 'MISSES';
  const load = os.loadavg()[0] ?? 0;
  console.log(
    `report charts per CPU-second: ${report} — ${verdict} the target of ` +
      `${TARGET_REPORT_CHARTS_PER_SECOND}/s (load average ${load.toFixed(1)} on ` +
      `${os.cpus().length} cores; wall-clock figures drop when the machine is busy)`,
  );
}

main();
