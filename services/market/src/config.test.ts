import { ConfigError } from '@app/service-kit';
import { describe, expect, it } from 'vitest';
import { loadMarketConfig, resolveMarketSettings } from './config.ts';
import { SENTIMENT_SYMBOLS } from './exchanges/symbols.ts';

describe('market config', () => {
  it('starts on the embedded defaults', () => {
    const config = loadMarketConfig({});
    expect(config).toMatchObject({
      MARKET_PORT: 8081,
      HOST: '127.0.0.1',
      MARKET_SQLITE_FILE: './data/market.sqlite',
      MARKET_SOURCE: 'sim',
      MARKET_DEFAULT_EXCHANGE: 'bybit',
      MARKET_ROLE: 'all',
      MARKET_HISTORY_1M_DAYS: 30,
      MARKET_HISTORY_1H_DAYS: 730,
      MARKET_HISTORY_SINCE: '2019-01-01',
    });
    const settings = resolveMarketSettings(config);
    expect(settings.exchanges).toEqual(['bybit', 'binance']);
    expect(settings.symbolsByExchange['binance']).toEqual([...SENTIMENT_SYMBOLS]);
    expect(settings.symbolsByExchange['bybit']).toHaveLength(19);
    expect(settings.databaseUrl).toBeUndefined();
  });

  it('reads DATABASE_URL only as a fallback for MARKET_DATABASE_URL', () => {
    const fallback = resolveMarketSettings(loadMarketConfig({ DATABASE_URL: 'postgres://a@h/db' }));
    expect(fallback.databaseUrl).toBe('postgres://a@h/db');
    const own = resolveMarketSettings(
      loadMarketConfig({ DATABASE_URL: 'postgres://a@h/db', MARKET_DATABASE_URL: 'postgres://b@h/market' }),
    );
    expect(own.databaseUrl).toBe('postgres://b@h/market');
  });

  it.each([
    [{ MARKET_PORT: 'eighty' }, 'MARKET_PORT'],
    [{ MARKET_SOURCE: 'paper' }, 'MARKET_SOURCE'],
    [{ MARKET_EXCHANGES: 'bybit,kraken' }, 'MARKET_EXCHANGES'],
    [{ MARKET_DEFAULT_EXCHANGE: 'okx' }, 'MARKET_DEFAULT_EXCHANGE'],
    [{ MARKET_SYMBOLS_BINANCE: 'BTCUSDT' }, 'MARKET_SYMBOLS_BINANCE'],
    [{ MARKET_ROLE: 'worker' }, 'MARKET_ROLE'],
    [{ MARKET_HISTORY_SINCE: '2019-13-45' }, 'MARKET_HISTORY_SINCE'],
  ])('names the bad variable: %o', (env, variable) => {
    expect(() => loadMarketConfig(env)).toThrow(ConfigError);
    expect(() => loadMarketConfig(env)).toThrow(variable);
  });
});
