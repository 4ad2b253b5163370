import { AppError } from '../errors/app-error.ts';
import { DEFAULT_SYMBOL, formatSymbolKey, parseSymbolKey } from '../exchanges/symbols.ts';
import type { MarketSettings } from '../config.ts';

export interface SymbolEntry {
  exchange: string;
  symbol: string;
  key: string;
  isDefaultExchange: boolean;
}

export interface ResolvedSymbol {
  exchange: string;
  symbol: string;
}

/** Which exchanges and symbols the service serves, and how request parameters name them. */
export class SymbolCatalog {
  readonly exchanges: readonly string[];
  readonly defaultExchange: string;
  private readonly symbolsByExchange: ReadonlyMap<string, readonly string[]>;

  constructor(settings: Pick<MarketSettings, 'exchanges' | 'defaultExchange' | 'symbolsByExchange'>) {
    this.exchanges = settings.exchanges;
    this.defaultExchange = settings.defaultExchange;
    this.symbolsByExchange = new Map(
      settings.exchanges.map((exchange) => [exchange, settings.symbolsByExchange[exchange] ?? []]),
    );
  }

  symbolsOf(exchange: string): readonly string[] {
    return this.symbolsByExchange.get(exchange) ?? [];
  }

  entries(): SymbolEntry[] {
    return this.exchanges.flatMap((exchange) =>
      this.symbolsOf(exchange).map((symbol) => ({
        exchange,
        symbol,
        key: formatSymbolKey(exchange, symbol),
        isDefaultExchange: exchange === this.defaultExchange,
      })),
    );
  }

  /**
   * Turns the `symbol` (plain or `<exchange>:<symbol>` key) and `exchange` parameters into a served pair. A key's
   * prefix and an explicit `exchange` must agree. Throws `unknown_exchange` / `unknown_symbol` (404) or
   * `invalid_parameter` (400).
   */
  resolve(symbolParam: string | undefined, exchangeParam: string | undefined): ResolvedSymbol {
    const parsed = parseSymbolKey(symbolParam ?? DEFAULT_SYMBOL, this.exchanges);
    const explicit = exchangeParam?.toLowerCase();
    if (explicit !== undefined && !this.exchanges.includes(explicit)) {
      throw new AppError(
        'unknown_exchange',
        `unknown exchange "${exchangeParam}"; served: ${this.exchanges.join(', ')}`,
      );
    }
    if (parsed.exchange !== undefined && explicit !== undefined && parsed.exchange !== explicit) {
      throw new AppError(
        'invalid_parameter',
        `symbol key names exchange "${parsed.exchange}" but exchange is "${explicit}"`,
      );
    }
    const exchange = parsed.exchange ?? explicit ?? this.defaultExchange;
    this.assertKnownSymbol(exchange, parsed.symbol);
    return { exchange, symbol: parsed.symbol };
  }

  assertKnownExchange(exchange: string): void {
    if (!this.exchanges.includes(exchange))
      throw new AppError('unknown_exchange', `unknown exchange "${exchange}"`);
  }

  assertKnownSymbol(exchange: string, symbol: string): void {
    this.assertKnownExchange(exchange);
    if (!this.symbolsOf(exchange).includes(symbol)) {
      throw new AppError('unknown_symbol', `unknown symbol "${symbol}" on ${exchange}`);
    }
  }
}
