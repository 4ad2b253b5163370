import type { MarketConfig, MarketSettings } from '../config.ts';
import type { ExchangeAdapter } from './exchange-adapter.ts';
import { SimExchangeAdapter } from './sim/sim-exchange.adapter.ts';

export interface AdapterFactoryContext {
  config: MarketConfig;
  settings: MarketSettings;
  now: () => number;
}

/** Builds a live adapter for one exchange; tests pass one that points ccxt at a local fake exchange. */
export type LiveAdapterFactory = (exchange: string, context: AdapterFactoryContext) => ExchangeAdapter;

/** One adapter per configured exchange, of the configured source. */
export function createExchangeAdapters(
  context: AdapterFactoryContext,
  createLiveAdapter: LiveAdapterFactory,
): Map<string, ExchangeAdapter> {
  const { config, settings, now } = context;
  return new Map(
    settings.exchanges.map((exchange): [string, ExchangeAdapter] => [
      exchange,
      config.MARKET_SOURCE === 'sim'
        ? new SimExchangeAdapter({
            exchange,
            seed: config.MARKET_SIM_SEED,
            tickMs: config.MARKET_SIM_TICK_MS,
            now,
          })
        : createLiveAdapter(exchange, context),
    ]),
  );
}
