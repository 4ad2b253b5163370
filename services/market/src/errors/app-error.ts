/**
 * The one table of error codes: each code's HTTP status. Bodies are `{ error: <code>, message }` (see
 * error-handler.ts); services throw `AppError(code, message)` and never speak HTTP themselves.
 */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_timeframe: 400,
  missing_parameter: 400,
  unknown_exchange: 404,
  unknown_symbol: 404,
  unknown_metric: 404,
  not_found: 404,
  exchange_not_ready: 503,
  upstream_unavailable: 503,
  service_unavailable: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
