/**
 * WebSocket fan-out benchmark: N clients (1,000 and 5,000) subscribed to one topic on one instance; the feed
 * publishes kline updates and every client must receive each one.
 *
 * - latency: publish (feed emit) to receive (client `message` event), p50/p99/max over every delivered message, at a
 *   steady 10 updates a second;
 * - throughput: messages delivered per second when updates are published back to back.
 *
 * The server runs in this process (the real stream plugin on a real port, fed by hand); the clients run in a child
 * process, so the two share the machine's cores but not an event loop. Both stamp times with
 * `performance.timeOrigin + performance.now()`, one clock for the whole host.
 *
 * Run: `npx tsx services/market/bench/stream.bench.ts` (or `npm run bench -- stream`).
 */
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { makeCandles, startStreamHarness } from '../test/stream-fake-feed.ts';

const CLIENT_COUNTS = [1_000, 5_000];
const STEADY_UPDATES = 50;
const STEADY_INTERVAL_MS = 100;
const BURST_UPDATES = 100;
const CONNECT_CONCURRENCY = 200;
const SYMBOL = 'BTC/USDT:USDT';
const MINUTE = 60_000;
const TARGET_P99_MS = 100;
const SNAPSHOT_PREFIX = Buffer.from('{"type":"snapshot"');
const KLINE_PREFIX = Buffer.from('{"type":"kline"');
const CLOSE_FIELD = Buffer.from('"close":');

type WorkerCommand = { kind: 'collect'; updates: number } | { kind: 'report' };
type WorkerMessage =
  | { kind: 'ready'; connected: number }
  | { kind: 'received'; count: number }
  | { kind: 'report'; receivedAt: number[][] };

const wallClock = () => performance.timeOrigin + performance.now();

if (process.argv[2] === 'clients') {
  void runClients(process.argv[3] ?? '', Number(process.argv[4]));
} else {
  void runBenchmark();
}

async function runBenchmark(): Promise<void> {
  console.log(
    `stream fan-out benchmark: node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}, one instance, one topic`,
  );
  const results = [];
  for (const clients of CLIENT_COUNTS) results.push(await runScenario(clients));
  console.log(
    '\n| clients | p50 ms | p99 ms | max ms | fan-out wall ms | fan-out CPU ms | steady msg/s | burst msg/s |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    console.log(
      `| ${result.clients} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.max.toFixed(1)} | ` +
        `${result.fanOutP50.toFixed(1)} | ${result.fanOutCpuP50.toFixed(1)} | ` +
        `${Math.round(result.steadyRate)} | ${Math.round(result.burstRate)} |`,
    );
  }
  const last = results.at(-1);
  if (last)
    console.log(`\np99 at ${last.clients} clients: ${last.p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms)`);
}

async function runScenario(clients: number) {
  const harness = await startStreamHarness({ slowClientGraceMs: 60_000 });
  harness.feed.setCandles('bybit', SYMBOL, '1m', makeCandles(300, MINUTE, Date.UTC(2026, 0, 1)));
  const worker = fork(fileURLToPath(import.meta.url), ['clients', harness.url, String(clients)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const messages = createInbox(worker);
  try {
    const ready = await messages.next('ready');
    if (ready.kind !== 'ready' || ready.connected !== clients) throw new Error('clients did not connect');
    const subscriptions = harness.app.candleStream.stats().subscriptions;
    console.log(`\n${clients} clients connected and subscribed (${subscriptions} subscriptions)`);

    // Steady: one update every 100 ms, each carrying its sequence number as the close price.
    worker.send({ kind: 'collect', updates: STEADY_UPDATES } satisfies WorkerCommand);
    const publishedAt: number[] = [];
    const fanOutMs: number[] = [];
    const fanOutCpuMs: number[] = [];
    for (let index = 0; index < STEADY_UPDATES; index += 1) {
      publishedAt.push(wallClock());
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      harness.feed.emit({
        exchange: 'bybit',
        symbol: SYMBOL,
        timeframe: '1m',
        candles: [klineCandle(index)],
      });
      const cpu = process.cpuUsage(cpuBefore);
      fanOutCpuMs.push((cpu.user + cpu.system) / 1000);
      fanOutMs.push(performance.now() - started);
      await sleep(STEADY_INTERVAL_MS);
    }
    fanOutMs.sort((a, b) => a - b);
    fanOutCpuMs.sort((a, b) => a - b);
    await messages.next('received');
    worker.send({ kind: 'report' } satisfies WorkerCommand);
    const report = await messages.next('report');
    if (report.kind !== 'report') throw new Error('no report');
    const latencies: number[] = [];
    let lastReceive = 0;
    report.receivedAt.forEach((perClient, sequence) => {
      const published = publishedAt[sequence] ?? Number.NaN;
      for (const receivedAt of perClient) {
        latencies.push(receivedAt - published);
        lastReceive = Math.max(lastReceive, receivedAt);
      }
    });
    if (latencies.some((latency) => !Number.isFinite(latency))) throw new Error('a client missed a kline');
    latencies.sort((a, b) => a - b);
    const steadyRate = latencies.length / ((lastReceive - (publishedAt[0] ?? 0)) / 1000);

    // Burst: updates back to back (yielding between them so sockets can flush), until every client has all.
    worker.send({ kind: 'collect', updates: BURST_UPDATES } satisfies WorkerCommand);
    const burstStart = wallClock();
    for (let index = 0; index < BURST_UPDATES; index += 1) {
      harness.feed.emit({
        exchange: 'bybit',
        symbol: SYMBOL,
        timeframe: '1m',
        candles: [klineCandle(index)],
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    const burst = await messages.next('received');
    const burstRate = (burst.kind === 'received' ? burst.count : 0) / ((wallClock() - burstStart) / 1000);
    const dropped = harness.app.candleStream.stats().dropped;

    const result = {
      clients,
      updates: STEADY_UPDATES,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? 0,
      steadyRate,
      burstRate,
      fanOutP50: percentile(fanOutMs, 0.5),
      fanOutCpuP50: percentile(fanOutCpuMs, 0.5),
    };
    console.log(
      `latency p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms over ` +
        `${latencies.length} messages; steady ${Math.round(steadyRate)} msg/s; burst ${Math.round(burstRate)} msg/s; ` +
        `server fan-out of one update: p50 ${result.fanOutP50.toFixed(1)} ms wall, ${result.fanOutCpuP50.toFixed(1)} ms CPU; ` +
        `dropped ${JSON.stringify(dropped)}`,
    );
    return result;
  } finally {
    worker.kill();
    await harness.close();
  }
}

function klineCandle(sequence: number) {
  return {
    timestamp: Date.UTC(2026, 0, 1),
    open: 100,
    high: 100 + sequence,
    low: 99,
    close: sequence,
    volume: 1,
  };
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function createInbox(worker: ReturnType<typeof fork>) {
  const queue: WorkerMessage[] = [];
  const waiters: Array<(message: WorkerMessage) => void> = [];
  worker.on('message', (message: WorkerMessage) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  return {
    next(kind: WorkerMessage['kind']): Promise<WorkerMessage> {
      const queued = queue.shift();
      if (queued) {
        if (queued.kind !== kind) throw new Error(`expected ${kind}, got ${queued.kind}`);
        return Promise.resolve(queued);
      }
      return new Promise((resolve, reject) =>
        waiters.push((message) =>
          message.kind === kind ? resolve(message) : reject(new Error(`got ${message.kind}`)),
        ),
      );
    },
  };
}

// ---------- client process ----------

async function runClients(url: string, count: number): Promise<void> {
  const sockets: WebSocket[] = [];
  let expected = 0;
  let receivedTotal = 0;
  let receivedAt: number[][] = [];
  const send = (message: WorkerMessage) => process.send?.(message);

  const onKline = (clientIndex: number, sequence: number) => {
    const now = wallClock();
    const row = receivedAt[clientIndex];
    if (row === undefined || row[sequence] !== undefined) return;
    row[sequence] = now;
    receivedTotal += 1;
    if (receivedTotal === expected) send({ kind: 'received', count: receivedTotal });
  };

  const open = (clientIndex: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      socket.once('error', reject);
      socket.on('message', (data: Buffer) => {
        // Read the frame as bytes: a string copy and a JSON parse per message would make the client process, not
        // the server, the bottleneck of the measurement.
        if (data.indexOf(SNAPSHOT_PREFIX) === 0) {
          resolve();
          return;
        }
        if (data.indexOf(KLINE_PREFIX) !== 0) return;
        const at = data.indexOf(CLOSE_FIELD);
        if (at < 0) return;
        let sequence = 0;
        for (let index = at + CLOSE_FIELD.length; index < data.length; index += 1) {
          const digit = (data[index] ?? 0) - 48;
          if (digit < 0 || digit > 9) break;
          sequence = sequence * 10 + digit;
        }
        onKline(clientIndex, sequence);
      });
      socket.once('open', () =>
        socket.send(JSON.stringify({ action: 'subscribe', symbol: SYMBOL, timeframe: '1m' })),
      );
      sockets.push(socket);
    });

  for (let start = 0; start < count; start += CONNECT_CONCURRENCY) {
    const batch = [];
    for (let index = start; index < Math.min(count, start + CONNECT_CONCURRENCY); index += 1)
      batch.push(open(index));
    await Promise.all(batch);
  }
  send({ kind: 'ready', connected: sockets.length });

  process.on('message', (command: WorkerCommand) => {
    if (command.kind === 'collect') {
      receivedAt = Array.from({ length: count }, () => []);
      receivedTotal = 0;
      expected = command.updates * count;
    } else {
      // Per update, the receive times of every client: transposed so the parent matches them to publish times.
      const updates = expected / count;
      const byUpdate = Array.from({ length: updates }, (_, sequence) =>
        receivedAt.map((row) => row[sequence] ?? Number.NaN),
      );
      send({ kind: 'report', receivedAt: byUpdate });
    }
  });
}
