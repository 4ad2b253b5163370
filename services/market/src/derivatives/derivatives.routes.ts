import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../errors/error.schemas.ts';
import { DerivativesQuerySchema, DerivativesSnapshotSchema } from './derivatives.schemas.ts';
import type { DerivativesService, DerivativesSnapshot } from './derivatives.service.ts';

function toSnapshotJson(snapshot: DerivativesSnapshot) {
  return {
    exchange: snapshot.exchange,
    symbol: snapshot.symbol,
    timestamp: snapshot.timestamp,
    datetime: new Date(snapshot.timestamp).toISOString(),
    funding_rate: snapshot.fundingRate,
    open_interest: snapshot.openInterestUsd,
    oi_change_pct: snapshot.openInterestChangePercent,
    basis: snapshot.basisPercent,
    funding_interval_hours: snapshot.fundingIntervalHours,
    funding_rate_raw: snapshot.fundingRateRaw,
    mark_price: snapshot.markPrice,
    index_price: snapshot.indexPrice,
  };
}

export const derivativesRoutes: FastifyPluginAsyncTypebox<{ service: DerivativesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/derivatives',
    {
      schema: {
        tags: ['derivatives'],
        summary:
          'Funding rate (per 8 h), open interest (USD), 24 h OI change and annualised basis of a perpetual',
        querystring: DerivativesQuerySchema,
        response: { 200: DerivativesSnapshotSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) =>
      toSnapshotJson(await service.findSnapshot(request.query.symbol, request.query.exchange)),
  );
};
