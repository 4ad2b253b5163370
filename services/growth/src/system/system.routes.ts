import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { GrowthDb } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { EnvelopeOf, ok } from '../http/envelope.ts';

const Status = Type.Object({ status: Type.String() });

export const systemRoutes: FastifyPluginAsyncTypebox<{ db: GrowthDb }> = async (app, { db }) => {
  const tags = ['system'];
  // Liveness: answers from memory only, so a slow database never gets the process restarted.
  app.get('/healthz', { schema: { tags, response: { 200: EnvelopeOf(Status) } } }, async () =>
    ok({ status: 'ok' }),
  );

  app.get(
    '/ping',
    { schema: { tags, response: { 200: EnvelopeOf(Type.Object({ pong: Type.Boolean() })) } } },
    async () => ok({ pong: true }),
  );

  // Readiness: the database answers.
  app.get('/readyz', { schema: { tags, response: { 200: EnvelopeOf(Status) } } }, async () => {
    try {
      await sql`select 1`.execute(db);
    } catch {
      throw new AppError('UNAVAILABLE', 'database unavailable');
    }
    return ok({ status: 'ready' });
  });
};
