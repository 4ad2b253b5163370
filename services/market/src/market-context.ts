import type { DatabaseHandle } from '@app/service-kit';
import type { CandleFeed } from './candles/candle-feed.ts';
import type { SymbolCatalog } from './catalog/symbol-catalog.ts';
import type { MarketConfig, MarketSettings } from './config.ts';
import type { MarketDatabase } from './db/tables.ts';

/**
 * What feature plugins receive (`app.register(plugin, { context })`): the parsed config, the open database, the
 * candle feed and the symbol catalog. Built once in buildMarketApp; nothing here is a global.
 */
export interface MarketContext {
  config: MarketConfig;
  settings: MarketSettings;
  /** Migrated; closed by the app's onClose hook. Feature tables come from `src/<feature>/migrations/`. */
  database: DatabaseHandle<MarketDatabase>;
  feed: CandleFeed;
  catalog: SymbolCatalog;
  /** Wall clock in ms; tests pass a fixed one. */
  now: () => number;
}
