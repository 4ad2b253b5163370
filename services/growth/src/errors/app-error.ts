import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

/** A failure the caller can act on. Domain and service code throw it; only the error handler renders it. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(
    readonly errorCode: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    const entry = ERROR_CODES[errorCode];
    super(message ?? entry.message);
    this.name = 'AppError';
    this.status = entry.status;
    this.code = entry.code;
  }
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}
