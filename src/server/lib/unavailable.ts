/**
 * Errors that mean "a backing service is away" (the database restarting, the object store out of
 * reach) rather than a bug: answered 503 with a short Retry-After, and the next request tries
 * again. Drizzle wraps the driver's error, so the whole cause chain is searched.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down)|terminating connection/i;

function isUnavailableOne(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, starting up).
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code)) return true;
  }
  return CONNECTION_MESSAGES.test(error.message);
}

export function isServiceUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (isUnavailableOne(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Errors of a stream cut short: how a dropped connection surfaces while its body is read. */
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
const ABORT_MESSAGES = /^aborted$|premature close|Unexpected end of (form|multipart)/i;

/** The incoming request as Node keeps it: aborted, or its socket already gone. */
interface IncomingState {
  aborted?: boolean;
  readableAborted?: boolean;
  socket?: { destroyed?: boolean } | null;
}

/**
 * The client went away mid-request (a customer closing the page or losing signal during an
 * upload): its own connection, not a backing service. Only when the request itself was aborted or
 * its socket is gone and the error is a stream cut short, so a database reset while the client
 * still waits stays an outage.
 */
export function isClientAbort(error: unknown, incoming: IncomingState): boolean {
  const gone =
    incoming.aborted === true || incoming.readableAborted === true || incoming.socket?.destroyed === true;
  if (!gone) return false;
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error) {
      const code = (e as { code?: unknown }).code;
      if ((typeof code === 'string' && ABORT_CODES.has(code)) || ABORT_MESSAGES.test(e.message)) return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before retrying a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
