import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { errorResponses } from '../errors/error.schemas.ts';
import type { MarketContext } from '../market-context.ts';
import { serializeCandleColumns } from './candle-json.ts';
import { CandleResponseCache } from './candle-response-cache.ts';
import { CandlesQuerySchema, CandlesResponseSchema } from './candles.schemas.ts';
import { findCandles } from './candles.service.ts';
import type { MarketFeed } from './market-feed.ts';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Memory for serialized responses (about 150 kB per 1000 candles). */
const RESPONSE_CACHE_BYTES = 32 * 2 ** 20;

export const candlesRoutes: FastifyPluginAsyncTypebox<{ context: MarketContext; feed: MarketFeed }> = async (
  app,
  { context, feed },
) => {
  const cache = new CandleResponseCache(RESPONSE_CACHE_BYTES);
  app.get(
    '/api/candles',
    {
      schema: {
        tags: ['candles'],
        summary: 'OHLCV candles, base or derived timeframe, ascending',
        description:
          '`start`/`end` are inclusive; `limit` keeps the newest N of the range (at most 5000); without `limit` and ' +
          '`start` the newest 500 are returned. The newest candle may be in progress.',
        querystring: CandlesQuerySchema,
        response: { 200: CandlesResponseSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const { symbol, exchange, tf, start, end, limit } = request.query;
      const found = findCandles(feed, context.catalog, {
        symbol,
        exchange,
        timeframe: tf,
        start,
        end,
        limit,
      });
      // Pre-serialized from the columns (same shape as the response schema; checked by the tests). The typed reply
      // expects candle objects, so the JSON text goes out through the plain reply interface.
      const plainReply: FastifyReply = reply;
      return plainReply
        .type(JSON_CONTENT_TYPE)
        .send(cache.getOrCreate(found, () => serializeCandleColumns(found.columns, found.from, found.to)));
    },
  );
};
