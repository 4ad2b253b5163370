import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import { EnvelopeOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import { SolarTermTodaySchema } from './solar-terms.schemas.ts';
import { describeSolarTermToday } from './solar-terms.service.ts';

export const solarTermsRoutes: FastifyPluginAsyncTypebox<{ clock: Clock }> = async (app, { clock }) => {
  app.get(
    '/solar-terms/today',
    {
      schema: {
        tags: ['solar-terms'],
        headers: DeviceHeaders,
        response: { 200: EnvelopeOf(SolarTermTodaySchema) },
      },
      preHandler: app.authenticateUser,
    },
    async () => ok(describeSolarTermToday(clock)),
  );
};
