import { alignTimestamp, bucketSpecFor } from '../../candles/aggregation.ts';
import type { Candle } from '../../candles/candle.types.ts';
import { type BaseTimeframe, findTimeframe } from '../../candles/timeframes.ts';
import type {
  DerivativesQuote,
  ExchangeAdapter,
  LiveCandleHandlers,
  LiveSubscription,
} from '../exchange-adapter.ts';
import { simulateDerivatives } from './sim-derivatives.ts';
import { SimMarket } from './sim-market.ts';
import { EXCHANGE_ACTIVITY, findSimProfile } from './sim-profiles.ts';

export interface SimExchangeOptions {
  exchange: string;
  seed: string;
  /** How often live candles move. */
  tickMs: number;
  now: () => number;
}

/** The simulated exchange: history on request and a live feed that moves every tick and closes on the minute. */
export class SimExchangeAdapter implements ExchangeAdapter {
  readonly source = 'sim' as const;
  private readonly markets = new Map<string, SimMarket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: SimExchangeOptions) {}

  get exchange(): string {
    return this.options.exchange;
  }

  async fetchCandles(
    symbol: string,
    timeframe: BaseTimeframe,
    since: number,
    until: number,
  ): Promise<Candle[]> {
    return this.generateCandles(symbol, timeframe, since, until);
  }

  /** The synchronous core of fetchCandles, for callers that want history without a turn of the event loop. */
  generateCandles(symbol: string, timeframe: BaseTimeframe, since: number, until: number): Candle[] {
    return this.marketFor(symbol).candles(timeframe, since, until, this.options.now());
  }

  watchCandles(
    symbols: readonly string[],
    timeframes: readonly BaseTimeframe[],
    handlers: LiveCandleHandlers,
  ): LiveSubscription {
    let previousTick = this.options.now();
    const emitTick = (): void => {
      const now = this.options.now();
      for (const timeframe of timeframes) {
        const size = findTimeframe(timeframe)?.sizeMs ?? 0;
        // From the bucket that was current at the last tick (it may have closed since) to the current one.
        const from = alignTimestamp(previousTick, bucketSpecFor(size));
        for (const symbol of symbols) {
          const candles = this.marketFor(symbol).candles(timeframe, from, now, now);
          if (candles.length > 0) handlers.onCandles({ symbol, timeframe, candles });
        }
      }
      previousTick = now;
    };
    const timer = setInterval(emitTick, this.options.tickMs);
    timer.unref();
    this.timers.add(timer);
    queueMicrotask(() => handlers.onConnect());
    return {
      stop: async () => {
        clearInterval(timer);
        this.timers.delete(timer);
      },
    };
  }

  async fetchDerivatives(symbol: string): Promise<DerivativesQuote> {
    return simulateDerivatives(
      this.marketFor(symbol),
      `${this.options.seed}|${this.exchange}|${symbol}`,
      EXCHANGE_ACTIVITY[this.exchange] ?? 1,
      this.options.now(),
    );
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }

  private marketFor(symbol: string): SimMarket {
    let market = this.markets.get(symbol);
    if (!market) {
      market = new SimMarket({
        seed: this.options.seed,
        exchange: this.exchange,
        symbol,
        profile: findSimProfile(symbol),
        activity: EXCHANGE_ACTIVITY[this.exchange] ?? 1,
      });
      this.markets.set(symbol, market);
    }
    return market;
  }
}
