import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface LoggerSettings {
  level: string;
  service: string;
}

/** Secrets that must never reach a log line. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-device-id"]',
  'body.password',
];

/**
 * pino options shared by both services: JSON lines, one per request, with the service name on each. With
 * `LOG_LEVEL=silent` (benchmarks, tests) there is no logger at all: Fastify then skips building a child logger for
 * every request, which is a measurable share of a fast one, and nothing could be written anyway.
 */
export function createLoggerOptions(settings: LoggerSettings) {
  if (settings.level === 'silent') return false;
  return {
    level: settings.level,
    base: { service: settings.service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Honours a well-formed inbound `x-request-id` (so traces join across proxies) and makes one otherwise. */
export function generateRequestId(request: IncomingMessage): string {
  const inbound = request.headers['x-request-id'];
  if (typeof inbound === 'string' && REQUEST_ID_PATTERN.test(inbound)) return inbound;
  return randomUUID();
}
