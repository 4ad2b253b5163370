/**
 * A local fake of the Bybit v5 and Binance USDⓈ-M public REST APIs, answering in each exchange's wire format (as
 * recorded in shared/data/exchange-wire: Bybit `{retCode, retMsg, result, time}` with string numbers and newest-first
 * kline lists; Binance bare arrays and objects, klines ascending). Prices come from the sim generator, so results can
 * be compared with it. Faults (429, 5xx, timeouts, malformed rows, hidden candles) are injected per request.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Candle } from '../../src/candles/candle.types.ts';
import { type BaseTimeframe, HOUR_MS } from '../../src/candles/timeframes.ts';
import { SimMarket } from '../../src/exchanges/sim/sim-market.ts';
import { findSimProfile } from '../../src/exchanges/sim/sim-profiles.ts';

export type FakeExchangeName = 'bybit' | 'binance';
export type FaultKind = 'rate_limit' | 'server_error' | 'timeout' | 'malformed_row' | 'misaligned_row';

export interface Fault {
  exchange: FakeExchangeName;
  /** Path prefix the fault applies to, e.g. `/v5/market/kline`. */
  path: string;
  kind: FaultKind;
  /** How many matching requests it affects. */
  times: number;
}

export interface HiddenRange {
  exchange: FakeExchangeName;
  symbol: string;
  timeframe: BaseTimeframe;
  from: number;
  to: number;
  /** How many kline responses leave these candles out before they "arrive". */
  times: number;
}

export interface RecordedRequest {
  exchange: FakeExchangeName;
  path: string;
  query: Record<string, string>;
}

const BYBIT_INTERVAL: Readonly<Record<string, BaseTimeframe>> = { '1': '1m', '60': '1h', D: '1d', W: '1w' };
const BINANCE_INTERVAL: Readonly<Record<string, BaseTimeframe>> = {
  '1m': '1m',
  '1h': '1h',
  '1d': '1d',
  '1w': '1w',
};
const TIMEFRAME_MS: Readonly<Record<BaseTimeframe, number>> = {
  '1m': 60_000,
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '1w': 7 * 24 * HOUR_MS,
};
/** Mark over index price in the fake. */
export const FAKE_MARK_PREMIUM = { bybit: 1.0001, binance: 1.0002 } as const;
/** Open interest in the fake: 80 % of the reference until 12 hours ago, the reference since. */
export function fakeOpenInterestAmount(reference: number, timestamp: number, now: number): number {
  return timestamp <= now - 12 * HOUR_MS ? reference * 0.8 : reference;
}

/** Binance symbols with a non-default funding interval in the fake. */
const BINANCE_FOUR_HOUR_FUNDING = new Set(['SOLUSDT']);

export interface FakeExchangeOptions {
  now: () => number;
  symbols: readonly string[];
  /** Exchange listing time: no candles before it. */
  listedAt?: number;
}

export class FakeExchange {
  readonly requests: RecordedRequest[] = [];
  private readonly faults: Fault[] = [];
  private readonly hidden: HiddenRange[] = [];
  private readonly replays: { exchange: FakeExchangeName; path: string; body: unknown }[] = [];
  private readonly markets = new Map<string, SimMarket>();
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();
  private baseUrl = '';

  constructor(private readonly options: FakeExchangeOptions) {
    this.server = createServer((request, response) => this.handle(request, response));
  }

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<void> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  inject(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  /** The next request to `path` is answered with `body` verbatim (a recorded exchange response). */
  replayNext(exchange: FakeExchangeName, path: string, body: unknown): void {
    this.replays.push({ exchange, path, body });
  }

  hide(range: HiddenRange): void {
    this.hidden.push({ ...range });
  }

  /** The candles the fake serves, for comparisons. */
  candles(
    exchange: FakeExchangeName,
    symbol: string,
    timeframe: BaseTimeframe,
    from: number,
    to: number,
  ): Candle[] {
    return this.marketFor(exchange, symbol)
      .candles(timeframe, from, to, this.options.now())
      .filter((candle) => candle.timestamp >= (this.options.listedAt ?? 0));
  }

  requestsTo(exchange: FakeExchangeName, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.exchange === exchange && request.path === path);
  }

  private marketFor(exchange: string, symbol: string): SimMarket {
    const key = `${exchange}|${symbol}`;
    let market = this.markets.get(key);
    if (!market) {
      market = new SimMarket({
        seed: 'fake-exchange',
        exchange,
        symbol,
        profile: findSimProfile(symbol),
        activity: 1,
      });
      this.markets.set(key, market);
    }
    return market;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams.entries());
    const exchange: FakeExchangeName = url.pathname.startsWith('/v5/') ? 'bybit' : 'binance';
    this.requests.push({ exchange, path: url.pathname, query });
    const replay = this.replays.find(
      (candidate) => candidate.exchange === exchange && candidate.path === url.pathname,
    );
    if (replay) {
      this.replays.splice(this.replays.indexOf(replay), 1);
      return send(response, 200, JSON.stringify(replay.body));
    }
    const fault = this.takeFault(exchange, url.pathname);
    if (fault === 'timeout') {
      this.hanging.add(response);
      response.on('close', () => this.hanging.delete(response));
      return;
    }
    if (fault === 'rate_limit') return this.sendRateLimit(exchange, response);
    if (fault === 'server_error')
      return send(response, 502, '<html><body>502 Bad Gateway</body></html>', 'text/html');
    try {
      const body =
        exchange === 'bybit'
          ? this.answerBybit(url.pathname, query, fault)
          : this.answerBinance(url.pathname, query, fault);
      if (body === undefined)
        return send(response, 404, JSON.stringify({ code: -5000, msg: 'Path not found' }));
      send(response, 200, JSON.stringify(body));
    } catch (error) {
      send(
        response,
        400,
        JSON.stringify({ code: -1100, msg: error instanceof Error ? error.message : 'bad request' }),
      );
    }
  }

  private takeFault(exchange: FakeExchangeName, path: string): FaultKind | undefined {
    const fault = this.faults.find(
      (candidate) => candidate.exchange === exchange && path.startsWith(candidate.path),
    );
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return fault.kind;
  }

  private sendRateLimit(exchange: FakeExchangeName, response: ServerResponse): void {
    if (exchange === 'bybit') {
      // Bybit answers rate limiting with HTTP 200 and retCode 10006.
      return send(
        response,
        200,
        JSON.stringify({
          retCode: 10006,
          retMsg: 'Too many visits!',
          result: {},
          retExtInfo: {},
          time: this.options.now(),
        }),
      );
    }
    response.setHeader('Retry-After', '1');
    send(
      response,
      429,
      JSON.stringify({
        code: -1003,
        msg: 'Too many requests; current limit of IP is 2400 requests per minute.',
      }),
    );
  }

  /** Candles of [from, to] as the exchange would send them, with hidden ranges and row faults applied. */
  private serveCandles(
    exchange: FakeExchangeName,
    symbol: string,
    timeframe: BaseTimeframe,
    from: number,
    to: number,
    limit: number,
    newestFirst: boolean,
    fault: FaultKind | undefined,
  ): Candle[] {
    let candles = this.candles(exchange, symbol, timeframe, from, to);
    for (const range of this.hidden) {
      if (
        range.exchange !== exchange ||
        range.symbol !== symbol ||
        range.timeframe !== timeframe ||
        range.times <= 0
      )
        continue;
      const before = candles.length;
      candles = candles.filter((candle) => candle.timestamp < range.from || candle.timestamp > range.to);
      if (candles.length < before) range.times -= 1;
    }
    // Both exchanges answer the newest `limit` of a window given start and end (Binance: the oldest; see below).
    candles = newestFirst ? candles.slice(-limit) : candles.slice(0, limit);
    if (fault === 'malformed_row' && candles.length > 1) {
      const [first, ...rest] = candles;
      if (first) candles = [{ ...first, open: Number.NaN }, ...rest];
    }
    if (fault === 'misaligned_row' && candles.length > 1) {
      const [first, ...rest] = candles;
      if (first) candles = [{ ...first, timestamp: first.timestamp + 17_000 }, ...rest];
    }
    return candles;
  }

  private answerBybit(path: string, query: Record<string, string>, fault: FaultKind | undefined): unknown {
    const now = this.options.now();
    const envelope = (result: unknown) => ({ retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: now });
    if (path === '/v5/market/instruments-info') {
      if (query['category'] !== 'linear') throw new Error('category must be linear');
      const list =
        query['status'] === 'PreLaunch' ? [] : this.options.symbols.map((symbol) => bybitInstrument(symbol));
      return envelope({ category: 'linear', list, nextPageCursor: '' });
    }
    if (path === '/v5/market/kline') {
      const symbol = this.unifiedSymbol(query['symbol']);
      const timeframe = BYBIT_INTERVAL[query['interval'] ?? ''];
      if (!timeframe) throw new Error('bad interval');
      const limit = Number(query['limit'] ?? 200);
      const end = Number(query['end'] ?? now);
      const start = Number(query['start'] ?? end - limit * TIMEFRAME_MS[timeframe]);
      // Bybit includes the candle that contains `start`.
      const candles = this.serveCandles(
        'bybit',
        symbol,
        timeframe,
        start - TIMEFRAME_MS[timeframe] + 1,
        end,
        limit,
        true,
        fault,
      );
      const list = candles
        .reverse()
        .map((candle) =>
          [
            candle.timestamp,
            candle.open,
            candle.high,
            candle.low,
            candle.close,
            candle.volume,
            candle.volume * candle.close,
          ].map(String),
        );
      return envelope({ symbol: query['symbol'], category: 'linear', list });
    }
    if (path === '/v5/market/tickers') {
      const symbol = this.unifiedSymbol(query['symbol']);
      const market = this.marketFor('bybit', symbol);
      const price = market.priceAt(now);
      const openInterest = market.profile.openInterest;
      return envelope({
        category: 'linear',
        list: [
          {
            symbol: query['symbol'],
            lastPrice: String(price),
            indexPrice: String(price),
            markPrice: (price * FAKE_MARK_PREMIUM.bybit).toFixed(4),
            prevPrice24h: String(market.priceAt(now - 24 * HOUR_MS)),
            openInterest: String(openInterest),
            openInterestValue: (openInterest * price * FAKE_MARK_PREMIUM.bybit).toFixed(2),
            fundingRate: '0.0001',
            nextFundingTime: String(Math.ceil(now / (8 * HOUR_MS)) * 8 * HOUR_MS),
            volume24h: '1000',
            turnover24h: '1000000',
          },
        ],
      });
    }
    if (path === '/v5/market/open-interest') {
      const limit = Number(query['limit'] ?? 50);
      const end = Number(query['endTime'] ?? now);
      const base = findSimProfile(this.unifiedSymbol(query['symbol'])).openInterest;
      const list = Array.from({ length: limit }, (_, index) => {
        const timestamp = Math.floor(end / HOUR_MS) * HOUR_MS - index * HOUR_MS;
        return {
          openInterest: fakeOpenInterestAmount(base, timestamp, now).toFixed(3),
          timestamp: String(timestamp),
        };
      });
      return envelope({ symbol: query['symbol'], category: 'linear', list, nextPageCursor: '' });
    }
    return undefined;
  }

  private answerBinance(path: string, query: Record<string, string>, fault: FaultKind | undefined): unknown {
    const now = this.options.now();
    if (path === '/fapi/v1/exchangeInfo') {
      return {
        timezone: 'UTC',
        serverTime: now,
        rateLimits: [],
        exchangeFilters: [],
        assets: [],
        symbols: this.options.symbols.map(binanceSymbolInfo),
      };
    }
    if (path === '/fapi/v1/klines') {
      const symbol = this.unifiedSymbol(query['symbol']);
      const timeframe = BINANCE_INTERVAL[query['interval'] ?? ''];
      if (!timeframe) throw new Error('Invalid interval.');
      const limit = Number(query['limit'] ?? 500);
      const hasStart = query['startTime'] !== undefined;
      const end = Number(query['endTime'] ?? now);
      const start = Number(query['startTime'] ?? end - (limit - 1) * TIMEFRAME_MS[timeframe]);
      // Binance returns the oldest `limit` candles from startTime, or the newest `limit` without it.
      const candles = this.serveCandles('binance', symbol, timeframe, start, end, limit, !hasStart, fault);
      return candles.map((candle) => [
        candle.timestamp,
        String(candle.open),
        String(candle.high),
        String(candle.low),
        String(candle.close),
        String(candle.volume),
        candle.timestamp + TIMEFRAME_MS[timeframe] - 1,
        String(candle.volume * candle.close),
        100,
        String(candle.volume / 2),
        String((candle.volume * candle.close) / 2),
        '0',
      ]);
    }
    if (path === '/fapi/v1/premiumIndex') {
      const symbol = this.unifiedSymbol(query['symbol']);
      const price = this.marketFor('binance', symbol).priceAt(now);
      return {
        symbol: query['symbol'],
        markPrice: (price * FAKE_MARK_PREMIUM.binance).toFixed(4),
        indexPrice: String(price),
        estimatedSettlePrice: String(price),
        lastFundingRate: '0.00010000',
        interestRate: '0.00010000',
        nextFundingTime: Math.ceil(now / (8 * HOUR_MS)) * 8 * HOUR_MS,
        time: now,
      };
    }
    if (path === '/fapi/v1/fundingInfo') {
      return [...BINANCE_FOUR_HOUR_FUNDING].map((symbol) => ({
        symbol,
        adjustedFundingRateCap: '0.02000000',
        adjustedFundingRateFloor: '-0.02000000',
        fundingIntervalHours: 4,
        disclaimer: false,
      }));
    }
    if (path === '/fapi/v1/openInterest') {
      const base = findSimProfile(this.unifiedSymbol(query['symbol'])).openInterest;
      return { openInterest: base.toFixed(3), symbol: query['symbol'], time: now };
    }
    if (path === '/futures/data/openInterestHist') {
      const symbol = this.unifiedSymbol(query['symbol']);
      const base = findSimProfile(symbol).openInterest;
      const price = this.marketFor('binance', symbol).priceAt(now);
      const limit = Number(query['limit'] ?? 30);
      const end = Number(query['endTime'] ?? now);
      return Array.from({ length: limit }, (_, index) => {
        const timestamp = Math.floor(end / HOUR_MS) * HOUR_MS - (limit - 1 - index) * HOUR_MS;
        const amount = fakeOpenInterestAmount(base, timestamp, now);
        return {
          symbol: query['symbol'],
          sumOpenInterest: amount.toFixed(3),
          sumOpenInterestValue: (amount * price).toFixed(2),
          timestamp,
        };
      });
    }
    return undefined;
  }

  private unifiedSymbol(id: string | undefined): string {
    const symbol = this.options.symbols.find((candidate) => exchangeId(candidate) === id);
    if (!symbol) throw new Error(`Invalid symbol ${id}`);
    return symbol;
  }
}

function send(response: ServerResponse, status: number, body: string, type = 'application/json'): void {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

export function exchangeId(symbol: string): string {
  const [pair = ''] = symbol.split(':');
  return pair.replace('/', '');
}

function bybitInstrument(symbol: string) {
  const [base = '', rest = ''] = symbol.split('/');
  const [quote = '', settle = ''] = rest.split(':');
  const profile = findSimProfile(symbol);
  return {
    symbol: exchangeId(symbol),
    contractType: 'LinearPerpetual',
    status: 'Trading',
    baseCoin: base,
    quoteCoin: quote,
    settleCoin: settle,
    launchTime: '1585526400000',
    deliveryTime: '0',
    deliveryFeeRate: '',
    priceScale: String(Math.round(Math.log10(profile.ticksPerUnit))),
    leverageFilter: { minLeverage: '1', maxLeverage: '100.00', leverageStep: '0.01' },
    priceFilter: {
      minPrice: String(1 / profile.ticksPerUnit),
      maxPrice: '1999999.80',
      tickSize: String(1 / profile.ticksPerUnit),
    },
    lotSizeFilter: {
      maxOrderQty: '1000000',
      minOrderQty: String(1 / profile.lotsPerUnit),
      qtyStep: String(1 / profile.lotsPerUnit),
      postOnlyMaxOrderQty: '1000000',
    },
    unifiedMarginTrade: true,
    fundingInterval: 480,
    copyTrading: 'both',
    upperFundingRate: '0.00375',
    lowerFundingRate: '-0.00375',
  };
}

function binanceSymbolInfo(symbol: string) {
  const [base = '', rest = ''] = symbol.split('/');
  const [quote = ''] = rest.split(':');
  const profile = findSimProfile(symbol);
  const tick = String(1 / profile.ticksPerUnit);
  const step = String(1 / profile.lotsPerUnit);
  return {
    symbol: exchangeId(symbol),
    pair: exchangeId(symbol),
    contractType: 'PERPETUAL',
    deliveryDate: 4133404800000,
    onboardDate: 1569398400000,
    status: 'TRADING',
    maintMarginPercent: '2.5000',
    requiredMarginPercent: '5.0000',
    baseAsset: base,
    quoteAsset: quote,
    marginAsset: quote,
    pricePrecision: Math.round(Math.log10(profile.ticksPerUnit)),
    quantityPrecision: Math.round(Math.log10(profile.lotsPerUnit)),
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    triggerProtect: '0.0500',
    liquidationFee: '0.012500',
    marketTakeBound: '0.05',
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: '4529764', tickSize: tick },
      { filterType: 'LOT_SIZE', stepSize: step, minQty: step, maxQty: '1000' },
      { filterType: 'MARKET_LOT_SIZE', stepSize: step, minQty: step, maxQty: '120' },
      { filterType: 'MAX_NUM_ORDERS', limit: 200 },
      { filterType: 'MIN_NOTIONAL', notional: '100' },
      {
        filterType: 'PERCENT_PRICE',
        multiplierUp: '1.0500',
        multiplierDown: '0.9500',
        multiplierDecimal: '4',
      },
    ],
    orderTypes: [
      'LIMIT',
      'MARKET',
      'STOP',
      'STOP_MARKET',
      'TAKE_PROFIT',
      'TAKE_PROFIT_MARKET',
      'TRAILING_STOP_MARKET',
    ],
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'],
  };
}
