import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toSentimentRecordJson } from './sentiment.mapper.ts';
import type { SentimentMetric } from './sentiment.metrics.ts';
import { SENTIMENT_METRICS } from './sentiment.metrics.ts';
import {
  ErrorResponse,
  SentimentAvailableResponse,
  SentimentLatestQuery,
  SentimentLatestResponse,
  SentimentMetricsQuery,
  SentimentMetricsResponse,
} from './sentiment.schemas.ts';
import type { SentimentRecordJson } from './sentiment.mapper.ts';
import type { SentimentService } from './sentiment.service.ts';

const TAGS = ['sentiment'];

/** HTTP only: parse the query, call the service, map records to the contract's JSON. */
export const sentimentRoutes: FastifyPluginAsyncTypebox<{ service: SentimentService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/sentiment/latest',
    {
      schema: {
        tags: TAGS,
        summary: 'Latest record of each of the five metrics for one symbol',
        querystring: SentimentLatestQuery,
        response: { 200: SentimentLatestResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { symbol, latest } = await service.getLatest(request.query.symbol);
      const data: Partial<Record<SentimentMetric, SentimentRecordJson | null>> = {};
      for (const metric of SENTIMENT_METRICS) {
        const record = latest[metric];
        data[metric] = record === undefined ? null : toSentimentRecordJson(metric, record);
      }
      return { symbol, data };
    },
  );

  app.get(
    '/api/sentiment/metrics',
    {
      schema: {
        tags: TAGS,
        summary: 'History of one metric, ascending; page back with end = first timestamp - 1',
        querystring: SentimentMetricsQuery,
        response: { 200: SentimentMetricsResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const history = await service.getHistory(request.query);
      const data = history.records.map((record) => toSentimentRecordJson(history.metric, record));
      return {
        metric: history.metric,
        symbol: history.symbol,
        period: history.period,
        count: data.length,
        data,
      };
    },
  );

  app.get(
    '/api/sentiment/available',
    {
      schema: {
        tags: TAGS,
        summary: 'Count of stored records per metric and symbol',
        response: { 200: SentimentAvailableResponse },
      },
    },
    async () => ({ metrics: await service.getAvailability() }),
  );
};
