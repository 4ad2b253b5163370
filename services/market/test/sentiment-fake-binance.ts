import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BINANCE_WIRE_SHAPES } from '../src/sentiment/binance-sentiment.wire.ts';
import type { SentimentMetric } from '../src/sentiment/sentiment.metrics.ts';
import { SENTIMENT_METRIC_DEFINITIONS, SENTIMENT_METRICS } from '../src/sentiment/sentiment.metrics.ts';
import { SimSentimentSource } from '../src/sentiment/sim-sentiment.source.ts';

export interface FakeBinanceFailure {
  status: number;
  /** How many consecutive requests to that path fail. */
  times: number;
  retryAfterSeconds?: number;
  body?: string;
}

export interface RecordedRequest {
  path: string;
  params: URLSearchParams;
}

/**
 * A local stand-in for fapi.binance.com's five sentiment endpoints. It answers in Binance's wire format (numbers
 * as decimal strings, `fundingTime` for funding, `{code,msg}` errors), honours startTime/endTime/limit and the
 * 30-day retention of the futures-data series, and can be told to fail with 429/418/5xx.
 */
export class FakeBinance {
  readonly requests: RecordedRequest[] = [];
  private readonly failures = new Map<string, FakeBinanceFailure>();
  private readonly server: Server;
  private readonly data: SimSentimentSource;

  constructor(
    private readonly now: () => number,
    private readonly knownMarketIds: readonly string[] = ['BTCUSDT', 'ETHUSDT'],
  ) {
    this.data = new SimSentimentSource('fake-binance', now);
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  failNext(metric: SentimentMetric, failure: FakeBinanceFailure): void {
    this.failures.set(SENTIMENT_METRIC_DEFINITIONS[metric].path, { ...failure });
  }

  requestsTo(metric: SentimentMetric): RecordedRequest[] {
    const path = SENTIMENT_METRIC_DEFINITIONS[metric].path;
    return this.requests.filter((request) => request.path === path);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    this.requests.push({ path: url.pathname, params: url.searchParams });
    const failure = this.failures.get(url.pathname);
    if (failure !== undefined && failure.times > 0) {
      failure.times -= 1;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
      response
        .writeHead(failure.status, headers)
        .end(failure.body ?? JSON.stringify({ code: -1003, msg: 'Too many requests' }));
      return;
    }
    const metric = SENTIMENT_METRICS.find(
      (candidate) => SENTIMENT_METRIC_DEFINITIONS[candidate].path === url.pathname,
    );
    if (metric === undefined) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: -5000, msg: 'Path not found' }));
      return;
    }
    const definition = SENTIMENT_METRIC_DEFINITIONS[metric];
    const marketId = url.searchParams.get('symbol') ?? '';
    if (!this.knownMarketIds.includes(marketId)) {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: -1121, msg: 'Invalid symbol.' }));
      return;
    }
    if (definition.sendsPeriod && url.searchParams.get('period') !== definition.period) {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: -1102, msg: 'period missing' }));
      return;
    }
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), definition.pageLimit);
    const startTime = Number(url.searchParams.get('startTime') ?? 0);
    const endTime = Number(url.searchParams.get('endTime') ?? this.now());
    const symbol = `${marketId.replace(/USDT$/, '')}/USDT:USDT`;
    const records = await this.data.fetchPage({ metric, symbol, startTime, endTime, limit });
    const shape = BINANCE_WIRE_SHAPES[metric];
    const body = records.map((record) => {
      const item: Record<string, string | number> = { symbol: marketId };
      for (const [wireKey, field] of shape.fields) {
        const value = record.values[field];
        item[wireKey] = value === null || value === undefined ? '' : value.toFixed(8);
      }
      item[shape.timeKey] = record.timestamp;
      return item;
    });
    response
      .writeHead(200, { 'content-type': 'application/json', 'x-mbx-used-weight-1m': '3' })
      .end(JSON.stringify(body));
  }
}
