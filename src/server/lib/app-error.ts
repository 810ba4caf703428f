/** The one error class domain code throws; the error handler turns it into `{ message, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code = 'BAD_REQUEST') {
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
  static conflict(message: string, code = 'CONFLICT') {
    return new AppError(409, code, message);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError(429, 'TOO_MANY_REQUESTS', message, { 'retry-after': String(retryAfterSeconds) });
  }
}
