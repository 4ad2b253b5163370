/**
 * Symbols in ccxt's unified form `<base>/<quote>:<settle>` (the contract's symbol form); the contract's key is
 * `<exchange>:<symbol>`.
 */
export const DEFAULT_SYMBOL = 'BTC/USDT:USDT';

/**
 * The 19 Binance USDⓈ-M perpetuals that carry the five sentiment metrics (issue 9). Chosen as the largest, long-lived
 * USDT-margined perpetuals that Binance's futures-data endpoints cover; MATIC is left out because it was renamed
 * POL in 2024 and its history is split across two symbols.
 */
export const SENTIMENT_SYMBOLS: readonly string[] = [
  'BTC/USDT:USDT',
  'ETH/USDT:USDT',
  'BNB/USDT:USDT',
  'SOL/USDT:USDT',
  'XRP/USDT:USDT',
  'DOGE/USDT:USDT',
  'ADA/USDT:USDT',
  'AVAX/USDT:USDT',
  'LINK/USDT:USDT',
  'DOT/USDT:USDT',
  'LTC/USDT:USDT',
  'BCH/USDT:USDT',
  'TRX/USDT:USDT',
  'NEAR/USDT:USDT',
  'APT/USDT:USDT',
  'ARB/USDT:USDT',
  'OP/USDT:USDT',
  'SUI/USDT:USDT',
  'FIL/USDT:USDT',
];

/** The exchange whose public futures-data endpoints supply sentiment. */
export const SENTIMENT_EXCHANGE = 'binance';

/** Default symbols per exchange; `MARKET_SYMBOLS_<EXCHANGE>` overrides. Bybit lists the same 19 linear perpetuals. */
export const DEFAULT_SYMBOLS_BY_EXCHANGE: Readonly<Record<string, readonly string[]>> = {
  bybit: SENTIMENT_SYMBOLS,
  binance: SENTIMENT_SYMBOLS,
};

const SYMBOL_PATTERN = /^[A-Z0-9]{1,20}\/[A-Z0-9]{1,10}:[A-Z0-9]{1,10}$/;

export function isWellFormedSymbol(symbol: string): boolean {
  return SYMBOL_PATTERN.test(symbol);
}

/** Splits `<exchange>:<symbol>` when the prefix is a known exchange; the symbol itself also contains a colon. */
export function parseSymbolKey(
  value: string,
  knownExchanges: readonly string[],
): { exchange: string | undefined; symbol: string } {
  const colon = value.indexOf(':');
  if (colon > 0) {
    const prefix = value.slice(0, colon).toLowerCase();
    if (knownExchanges.includes(prefix)) return { exchange: prefix, symbol: value.slice(colon + 1) };
  }
  return { exchange: undefined, symbol: value };
}

export function formatSymbolKey(exchange: string, symbol: string): string {
  return `${exchange}:${symbol}`;
}
