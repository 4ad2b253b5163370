import type { OneLinePerRequestLog } from '@app/service-kit';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { ERROR_CODES, type ErrorCode } from '../errors/error-codes.ts';
import { describeValidationError } from './validation-message.ts';

function send(reply: FastifyReply, errorCode: ErrorCode, message?: string) {
  const entry = ERROR_CODES[errorCode];
  return reply.status(entry.status).send({ code: entry.code, message: message ?? entry.message });
}

/** Maps Fastify's own failures onto the error table; anything unrecognised is a 500 with no internals. */
function classifyFrameworkError(error: FastifyError): ErrorCode | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError) return 'INVALID_REQUEST';
  if (error.statusCode === 429) return 'RATE_LIMITED';
  if (error.statusCode === 404) return 'NOT_FOUND';
  if (error.statusCode === 400) return 'INVALID_REQUEST';
  return null;
}

/** The one error renderer: every failure leaves as the envelope `{ code, message }`. */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(error.status).send({ code: error.code, message: error.message });
  }
  if (error.validation) {
    return send(
      reply,
      'VALIDATION_FAILED',
      describeValidationError(error.validation, error.validationContext).message,
    );
  }
  const known = classifyFrameworkError(error);
  if (known) return send(reply, known);
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 'INTERNAL');
}

/**
 * Failures Fastify meets before routing (a malformed percent-escape, a path segment longer than any id or token) skip
 * the error handler and the hooks; Fastify's `frameworkErrors` option sends them here instead, so they leave in the
 * envelope with the headers of every other response.
 */
export function createFrameworkErrorHandler(
  requestLog: OneLinePerRequestLog,
  addCommonHeaders: (request: FastifyRequest, reply: FastifyReply) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    requestLog.logWhenFinished(request, reply);
    addCommonHeaders(request, reply);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 'NOT_FOUND');
    return send(reply, 'INVALID_REQUEST');
  };
}

export function handleNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 'NOT_FOUND', 'route not found');
}
