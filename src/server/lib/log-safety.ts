import type { FastifyServerOptions } from 'fastify';

/**
 * Logs carry no personal data (names, phones, e-mails, IPs of customers): no SQL parameters, no
 * database messages (PostgreSQL quotes the offending value: 'Key (email)=(…) already exists'),
 * no query strings (searches), no cookies or tokens. See docs/security.md.
 */

interface MaybeDbError {
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  severity?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a database error, from PGlite or node-postgres, wrapped by drizzle or not. */
export function databaseErrorCode(error: unknown): string | null {
  for (let e = error as MaybeDbError | undefined, depth = 0; e && depth < 4; depth++) {
    if (
      typeof e.code === 'string' &&
      SQLSTATE.test(e.code) &&
      (e.routine !== undefined || e.severity !== undefined)
    )
      return e.code;
    e = e.cause as MaybeDbError | undefined;
  }
  return null;
}

function databaseError(error: unknown): MaybeDbError | null {
  for (let e = error as MaybeDbError | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e;
    e = e.cause as MaybeDbError | undefined;
  }
  return null;
}

/** The stack without its first line(s), which repeat the message. */
function framesOnly(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** What a log line may say about an error. */
export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-Error thrown', stack: '' };
  const db = databaseError(error);
  const query = (error as MaybeDbError).query;
  if (db || typeof query === 'string') {
    return {
      type: 'DatabaseError',
      message: `database error ${typeof db?.code === 'string' ? db.code : 'unknown'}`,
      code: db?.code,
      constraint: db?.constraint,
      table: db?.table,
      column: db?.column,
      // The statement's text has placeholders ($1, $2…), never the values.
      query: typeof query === 'string' ? query.slice(0, 2000) : undefined,
      stack: framesOnly(error.stack) ?? '',
    };
  }
  const e = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: e.name,
    message: e.message.slice(0, 500),
    code: e.code,
    statusCode: e.statusCode,
    stack: e.stack ?? '',
  };
}

/** A one-line reason to store (e.g. a periodic job's last error) without personal data. */
export function safeErrorMessage(error: unknown): string {
  return safeError(error).message;
}

/** Paths pino blanks wherever they appear in a log object. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-upload-token"]',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'params',
  '*.params',
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'body',
  '*.body',
];

/** The server's logger: level, redaction, and the serializers above. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[nascosto]' },
    serializers: {
      // Query strings carry customers' names and phones (searches): only the path is logged.
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
      err: safeError,
    },
  };
}
