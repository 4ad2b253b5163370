import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, totalmem } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
}

export interface CeilingComparison {
  name: string;
  target: LoadResult;
  ceiling: LoadResult;
  /** target ÷ ceiling throughput: the share of what a bare Fastify route manages on this machine in the same run. */
  ratio: number;
}

interface ServeAnnouncement {
  targetUrl: string;
  ceilingUrl: string;
  request: BenchRequest;
}

/** Headers Node writes itself on every response, or that differ per response: not copied to the ceiling. */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * Child half: listens with the real app and with a bare Fastify route that answers the very bytes the app answers
 * for `request` (same status, headers and body: a request id comes out the same length, another one each time
 * would cost the bare route nothing worth measuring), then announces both addresses on stdout.
 */
export async function serveWithCeiling(target: FastifyInstance, request: BenchRequest): Promise<void> {
  const sample = await target.inject({
    method: request.method,
    url: request.path,
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  if (sample.statusCode >= 400)
    throw new Error(`bench request answered ${sample.statusCode}: ${sample.body}`);
  const ceiling = Fastify({ logger: false });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sample.headers)) {
    if (value !== undefined && !PER_RESPONSE_HEADERS.has(name))
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const bytes = sample.rawPayload;
  ceiling.route({
    method: request.method,
    url: request.path.split('?')[0] ?? '/',
    handler: async (_req, reply) => reply.status(sample.statusCode).headers(headers).send(bytes),
  });
  const targetUrl = await target.listen({ host: '127.0.0.1', port: 0 });
  const ceilingUrl = await ceiling.listen({ host: '127.0.0.1', port: 0 });
  const announcement: ServeAnnouncement = { targetUrl, ceilingUrl, request };
  process.stdout.write(`BENCH_READY ${JSON.stringify(announcement)}\n`);
  process.on('SIGTERM', () => {
    void Promise.all([target.close(), ceiling.close()]).finally(() => process.exit(0));
  });
}

async function load(
  url: string,
  request: BenchRequest,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: url + request.path,
    method: request.method,
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    connections,
    duration: seconds,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/**
 * Parent half: starts `script --serve` in a child process (so the load generator does not share the server's event
 * loop), then loads ceiling and target alternately, four rounds each, and keeps each side's best round: on a
 * shared two-core machine one round of either side can lose a third of its throughput to the neighbours.
 */
export async function compareWithCeiling(
  name: string,
  script: string,
  options: { seconds?: number; connections?: number; rounds?: number } = {},
): Promise<CeilingComparison> {
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 4;
  const connections = options.connections ?? 20;
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  try {
    const announcement = await readAnnouncement(child.stdout);
    const { targetUrl, ceilingUrl, request } = announcement;
    await load(targetUrl, request, 1, connections); // warm-up: JIT and caches
    await load(ceilingUrl, request, 1, connections);
    const results = { target: [] as LoadResult[], ceiling: [] as LoadResult[] };
    for (let round = 0; round < rounds; round += 1) {
      results.ceiling.push(await load(ceilingUrl, request, seconds, connections));
      results.target.push(await load(targetUrl, request, seconds, connections));
    }
    const best = (results: LoadResult[]) =>
      results.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const target = best(results.target);
    const ceiling = best(results.ceiling);
    if (target.non2xx > 0) throw new Error(`${name}: ${target.non2xx} responses were not 2xx`);
    return { name, target, ceiling, ratio: target.requestsPerSecond / ceiling.requestsPerSecond };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit').catch(() => undefined);
  }
}

async function readAnnouncement(stdout: NodeJS.ReadableStream): Promise<ServeAnnouncement> {
  const lines = createInterface({ input: stdout });
  for await (const line of lines) {
    if (line.startsWith('BENCH_READY '))
      return JSON.parse(line.slice('BENCH_READY '.length)) as ServeAnnouncement;
  }
  throw new Error('bench server exited before it was ready');
}

export function describeMachine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
}

export function printComparison(result: CeilingComparison): void {
  console.log(
    `${result.name}: ${result.target.requestsPerSecond} req/s (p50 ${result.target.latencyP50Ms} ms, p99 ${result.target.latencyP99Ms} ms) ` +
      `vs ceiling ${result.ceiling.requestsPerSecond} req/s → ${(result.ratio * 100).toFixed(1)} % of the ceiling`,
  );
}
