/**
 * The one table of error codes: each maps to an HTTP status, an envelope code and, where the contract fixes it,
 * the message. Services throw `AppError(ErrorCode.X, text)`; the error handler renders it. No second table.
 */
export const ERROR_CODES = {
  INVALID_REQUEST: { status: 400, code: 10000, message: 'invalid request' },
  VALIDATION_FAILED: { status: 400, code: 10001, message: 'validation failed' },
  BAD_REQUEST: { status: 400, code: 40000, message: 'bad request' },
  REGISTRATION_FAILED: { status: 400, code: 40110, message: 'registration failed' },
  LOGIN_FAILED: { status: 400, code: 40111, message: 'login failed' },
  NICKNAME_UPDATE_FAILED: { status: 400, code: 40113, message: 'nickname update failed' },
  UNAUTHORIZED: { status: 401, code: 40100, message: 'unauthorized' },
  ADMIN_UNAUTHORIZED: { status: 401, code: 40101, message: 'admin session required' },
  ACCOUNT_NOT_LOADED: { status: 401, code: 40112, message: '请先登录' },
  QUOTA_EXHAUSTED: { status: 402, code: 40200, message: 'quota used up' },
  FORBIDDEN: { status: 403, code: 40300, message: 'permission denied' },
  NOT_FOUND: { status: 404, code: 40400, message: 'not found' },
  CONFLICT: { status: 409, code: 40900, message: 'conflict' },
  GONE: { status: 410, code: 41000, message: 'gone' },
  PAYLOAD_TOO_LARGE: { status: 413, code: 41300, message: 'request body too large' },
  RATE_LIMITED: { status: 429, code: 42900, message: 'too many requests' },
  INTERNAL: { status: 500, code: 50000, message: 'internal error' },
  UNAVAILABLE: { status: 503, code: 50300, message: 'service unavailable' },
} as const satisfies Record<string, { status: number; code: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
