import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors/app-error.ts';
import { FixedWindowLimiter, type RateLimitStore } from '../rate-limit/fixed-window-limiter.ts';

const ONE_MINUTE_MS = 60_000;

export interface CredentialLimitOptions {
  /** Limit namespace, so register, login, redeem and admin login count separately. */
  name: string;
  perSubjectPerMinute: number;
  perAddressPerMinute: number;
  /** The subject counted per request (a phone, a username, an account id); null counts the address only. */
  subjectOf: (request: FastifyRequest) => string | null;
}

export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Two limits in front of a credential route: one per subject and one per client address. The store is in memory,
 * or in Redis when REDIS_URL is set so every instance shares the counts. (@fastify/rate-limit allows one limit per
 * request, hence this small limiter.)
 */
export function createCredentialLimits(
  store: RateLimitStore,
  clock: Clock,
  options: CredentialLimitOptions,
): RouteHook {
  const byAddress = new FixedWindowLimiter(
    store,
    `${options.name}:addr`,
    options.perAddressPerMinute,
    ONE_MINUTE_MS,
  );
  const bySubject = new FixedWindowLimiter(
    store,
    `${options.name}:subj`,
    options.perSubjectPerMinute,
    ONE_MINUTE_MS,
  );
  return async (request, reply) => {
    const now = clock.now().getTime();
    const subject = options.subjectOf(request);
    const decisions = await Promise.all([
      byAddress.check(request.ip, now),
      subject === null ? null : bySubject.check(subject, now),
    ]);
    const refused = decisions.find((decision) => decision !== null && !decision.allowed);
    if (refused) {
      reply.header('retry-after', Math.ceil(refused.retryAfterMs / 1000));
      throw new AppError('RATE_LIMITED', '请求过于频繁，请稍后再试');
    }
  };
}

/** Reads one string field of a parsed JSON body, for rate-limit keys. */
export function bodyField(request: FastifyRequest, field: string): string | null {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
}
