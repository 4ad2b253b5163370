import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { AppInstance } from './app-instance.ts';

const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';
/** Browsers cache a preflight this long (Chromium caps it at two hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export interface CorsSettings {
  /** `*`, or the exact origins allowed to call the API from a browser. */
  origins: '*' | readonly string[];
  /** Response headers a browser script may read. */
  exposedHeaders: readonly string[];
}

export interface CorsPolicy {
  /** Headers every response carries: with `*` the whole answer, since it never depends on the caller. */
  readonly staticHeaders: Readonly<Record<string, string>>;
  /** Adds what a response to this request needs beyond the static headers (origin lists only). */
  applyTo(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * CORS as `@fastify/cors` answers it with these settings (methods, exposed headers, reflected request headers,
 * strict preflights), without its per-request cost: that plugin rebuilds its options and the route options on every
 * request, which on the hottest routes cost as much as the database read. With `*` nothing varies per request, so
 * the headers join the static ones; an origin list looks the caller's origin up in a set.
 */
export function registerCors(app: AppInstance, settings: CorsSettings): CorsPolicy {
  const exposed = settings.exposedHeaders.join(', ');
  const anyOrigin = settings.origins === '*';
  const allowed = new Set(anyOrigin ? [] : settings.origins);
  const allowedOriginOf = (request: FastifyRequest): string | undefined => {
    if (anyOrigin) return '*';
    const origin = request.headers.origin;
    return origin !== undefined && allowed.has(origin) ? origin : undefined;
  };

  // Any path: a preflight comes before the browser knows whether the route exists.
  app.options('*', { schema: { hide: true } }, async (request, reply) => {
    const requestedMethod = request.headers['access-control-request-method'];
    if (request.headers.origin === undefined || requestedMethod === undefined) {
      throw new AppError(
        'INVALID_REQUEST',
        'a CORS preflight needs Origin and Access-Control-Request-Method',
      );
    }
    const origin = allowedOriginOf(request);
    const requestedHeaders = request.headers['access-control-request-headers'];
    reply.header(
      'vary',
      anyOrigin ? 'Access-Control-Request-Headers' : 'Origin, Access-Control-Request-Headers',
    );
    if (origin !== undefined) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      if (requestedHeaders) reply.header('access-control-allow-headers', requestedHeaders);
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    return reply.code(204).send();
  });

  return {
    staticHeaders: anyOrigin
      ? { 'access-control-allow-origin': '*', 'access-control-expose-headers': exposed }
      : {},
    applyTo: anyOrigin
      ? () => undefined
      : (request, reply) => {
          reply.header('vary', 'Origin');
          const origin = allowedOriginOf(request);
          if (origin === undefined) return;
          reply.header('access-control-allow-origin', origin);
          reply.header('access-control-expose-headers', exposed);
        },
  };
}
