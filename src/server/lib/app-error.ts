import type { ErrorCode } from '#shared/error-codes.ts';

/**
 * The one error class domain code throws; the error handler turns it into `{ message, code }`.
 * `code` is one of the public codes of src/shared/error-codes.ts, nothing else.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code: ErrorCode = 'VALIDATION') {
    return new AppError(400, code, message);
  }
  static unauthorized(message: string) {
    return new AppError(401, 'UNAUTHORIZED', message);
  }
  static forbidden(message: string) {
    return new AppError(403, 'FORBIDDEN', message);
  }
  static notFound(message: string) {
    return new AppError(404, 'NOT_FOUND', message);
  }
  static conflict(message: string, code: ErrorCode = 'CONFLICT') {
    return new AppError(409, code, message);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number, code: ErrorCode = 'RATE_LIMITED') {
    return new AppError(429, code, message, { 'retry-after': String(retryAfterSeconds) });
  }
}
