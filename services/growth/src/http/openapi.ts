import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppInstance } from './app-instance.ts';

/** OpenAPI 3.1 from the route schemas at /openapi.json, and a browsable reference at /docs served from the package. */
export async function registerOpenApi(app: AppInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Growth and companion service',
        version: '0.2.0',
        description:
          'JSON API of the personal-growth and psychology app. Every response is the envelope { code, message, data }. ' +
          'User endpoints need the X-Device-Id header; a session token goes in Authorization: Bearer. ' +
          'Admin endpoints take an admin token from POST /api/v1/admin/auth/login.',
      },
      components: {
        securitySchemes: {
          deviceId: { type: 'apiKey', in: 'header', name: 'X-Device-Id' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
