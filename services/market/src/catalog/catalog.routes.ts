import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import {
  ALL_TIMEFRAMES,
  BASE_TIMEFRAMES,
  DERIVED_TIMEFRAMES,
  DERIVED_TIMEFRAMES_BY_BASE,
} from '../candles/timeframes.ts';
import type { MarketContext } from '../market-context.ts';
import { HealthSchema, LivenessSchema, SymbolsSchema, TimeframesSchema } from './catalog.schemas.ts';
import type { SymbolEntry } from './symbol-catalog.ts';

const HTTP_NOT_READY = 503;

function toSymbolEntryJson(entry: SymbolEntry) {
  return {
    exchange: entry.exchange,
    symbol: entry.symbol,
    key: entry.key,
    is_default_exchange: entry.isDefaultExchange,
  };
}

/** Health, liveness, symbols and timeframes: what the service serves and whether it is ready. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ context: MarketContext }> = async (
  app,
  { context },
) => {
  const { catalog, feed, config } = context;

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers while the process runs; never touches the network or the database',
        response: { 200: LivenessSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary:
          'Health and metadata; 503 (same body) while an exchange is not ready, for load-balancer probes',
        response: { 200: HealthSchema, [HTTP_NOT_READY]: HealthSchema },
      },
    },
    async (_request, reply) => {
      const readyByExchange = Object.fromEntries(
        catalog.exchanges.map((exchange) => [exchange, feed.isReady(exchange)]),
      );
      const readyCount = Object.values(readyByExchange).filter(Boolean).length;
      const ready = readyCount === catalog.exchanges.length;
      const symbolsByExchange = Object.fromEntries(
        catalog.exchanges.map((exchange) => [exchange, [...catalog.symbolsOf(exchange)]]),
      );
      const body: Static<typeof HealthSchema> = {
        status: ready ? 'ok' : readyCount === 0 ? 'starting' : 'degraded',
        exchange: catalog.defaultExchange,
        symbols: [...catalog.symbolsOf(catalog.defaultExchange)],
        exchanges: [...catalog.exchanges],
        symbols_by_exchange: symbolsByExchange,
        symbol_list: catalog.entries().map(toSymbolEntryJson),
        base_timeframes: [...BASE_TIMEFRAMES],
        derived_timeframes: [...DERIVED_TIMEFRAMES],
        timeframes: [...ALL_TIMEFRAMES],
        ready,
        ready_by_exchange: readyByExchange,
        source: config.MARKET_SOURCE,
        role: config.MARKET_ROLE,
      };
      return reply.status(ready ? 200 : HTTP_NOT_READY).send(body);
    },
  );

  app.get(
    '/api/symbols',
    {
      schema: {
        tags: ['metadata'],
        summary: 'Exchanges and their symbols',
        response: { 200: SymbolsSchema },
      },
    },
    async () => {
      const entries = catalog.entries();
      return {
        default_exchange: catalog.defaultExchange,
        exchanges: catalog.exchanges.map((exchange) => ({
          exchange,
          symbols: [...catalog.symbolsOf(exchange)],
          count: catalog.symbolsOf(exchange).length,
          base_timeframes: [...BASE_TIMEFRAMES],
          ready: feed.isReady(exchange),
        })),
        symbols: entries.map(toSymbolEntryJson),
        count: entries.length,
      };
    },
  );

  app.get(
    '/api/timeframes',
    {
      schema: {
        tags: ['metadata'],
        summary: 'Base and derived timeframes',
        response: { 200: TimeframesSchema },
      },
    },
    async () => ({
      base_timeframes: [...BASE_TIMEFRAMES],
      derived_timeframes: [...DERIVED_TIMEFRAMES],
      timeframes: [...ALL_TIMEFRAMES],
      derived_by_base: Object.fromEntries(
        BASE_TIMEFRAMES.map((base) => [base, [...DERIVED_TIMEFRAMES_BY_BASE[base]]]),
      ),
    }),
  );
};
