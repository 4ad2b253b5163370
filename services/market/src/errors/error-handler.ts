import type { OneLinePerRequestLog } from '@app/service-kit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, ERROR_STATUS } from './app-error.ts';

export interface ErrorBody {
  error: ErrorCode;
  message: string;
}

const HIDDEN_MESSAGE = 'internal error';

/**
 * The one error renderer: AppError → its status and `{ error, message }`; schema validation → 400
 * `invalid_parameter` naming the field; anything else → 500 without internals (logged in full).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(renderError(error.code, error.message));
    }
    if ('validation' in error && error.validation) {
      return reply
        .status(ERROR_STATUS.invalid_parameter)
        .send(renderError('invalid_parameter', describeValidation(error)));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type): safe to name, never internals.
      return reply.status(status).send(renderError('invalid_parameter', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(renderError('internal_error', HIDDEN_MESSAGE));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(ERROR_STATUS.not_found)
      .send(renderError('not_found', `no route ${request.method} ${request.url.split('?')[0]}`));
  });
}

/**
 * Failures Fastify meets before routing skip the error handler; Fastify's `frameworkErrors` option sends them here so
 * they leave in the same `{ error, message }` shape. With no path parameters, only a malformed percent-escape gets here.
 */
export function createFrameworkErrorHandler(requestLog: OneLinePerRequestLog) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    requestLog.logWhenFinished(request, reply);
    return reply
      .status(ERROR_STATUS.invalid_parameter)
      .send(renderError('invalid_parameter', 'the URL is not validly percent-encoded'));
  };
}

export function renderError(code: ErrorCode, message: string): ErrorBody {
  return { error: code, message };
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field = first.instancePath.replace(/^\//, '') || String(first.params['missingProperty'] ?? '');
  const where = error.validationContext ?? 'request';
  return field ? `${where} parameter "${field}" ${first.message ?? 'is invalid'}` : error.message;
}
