/**
 * The public error codes: the `code` of every error body `{ message, code, issues? }` is one of
 * these, and nothing else (framework and database codes stay in the logs). The list is part of
 * the API contract (docs/openapi.json declares it as an enum) and is explained in
 * docs/security.md#codici-di-errore. A new code is added here, with a line on what it means.
 */
export const ERROR_CODES = [
  // Generic, by status.
  /** 400: a field or parameter is wrong (zod, an id out of range, a value the database refuses). */
  'VALIDATION',
  /** 400: the request itself is unreadable (malformed JSON, a broken URL or length). */
  'BAD_REQUEST',
  /** 400: the client dropped the connection before the body arrived. */
  'CLIENT_ABORTED',
  /** 401: no session, or it is over. */
  'UNAUTHORIZED',
  /** 403: the role may not do this, or the request came from another site. */
  'FORBIDDEN',
  /** 404: no such thing, or outside the caller's scope (the same answer on purpose). */
  'NOT_FOUND',
  /** 409: the change clashes with the data as it is (a duplicate, a row still referenced). */
  'CONFLICT',
  /** 413: the request or a file is too large. */
  'PAYLOAD_TOO_LARGE',
  /** 415: the body is not in a format the route reads. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** 429: too many requests or sign-in attempts; `Retry-After` says when to try again. */
  'RATE_LIMITED',
  /** 429: this account's sign-in is locked after many wrong passwords, until it expires or an admin lifts it. */
  'ACCOUNT_LOCKED',
  /** 500: the server failed; details are in its log only. */
  'INTERNAL',
  /** 503: the database or the document storage cannot be reached for now. */
  'SERVICE_UNAVAILABLE',
  /** 503: /readyz, the instance is not ready for traffic. */
  'NOT_READY',

  // Sign-in and second factor.
  'INVALID_CODE',
  'CHALLENGE_EXPIRED',
  'WRONG_PASSWORD',
  'TOTP_REQUIRED',
  'TOTP_ENABLED',
  'TOTP_DISABLED',
  'TOTP_NO_ENROLMENT',
  'TOTP_ENABLE_OWN_FIRST',

  // Uploads.
  'NOT_MULTIPART',
  'NO_FILES',
  'UNKNOWN_PART',
  'DUPLICATE_PART',
  'EMPTY_FILE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
  'TOO_MANY_DOCUMENTS',
  'UPLOAD_TRUNCATED',
  'PHOTO_NOT_IMAGE',

  // Domain rules.
  'CODICE_TAKEN',
  'EMAIL_TAKEN',
  'INVALID_PERSON',
  'USER_REFERENCED',
  'HAS_PAID_COMMISSION',
  'HAS_PAID_COMMISSIONS',
  'HAS_STORNO',
  'COMMISSION_CONFIG_MISSING',
  'LEAD_WITHOUT_PRATICHE',
  'NOT_DUPLICATES',
  'SAME_LEAD',
  'SERVIZIO_NON_DISPONIBILE',
  'NOTIFICA_NON_PREVISTA',
  'EMAIL_NON_RIPROVABILE',
  'DATI_GIA_CANCELLATI',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  // Outcomes after activation (docs/product/lifecycle.md#esiti-dopo-lattivazione).
  /** 409: the service is not completato. */
  'NOT_COMPLETED',
  /** 409: the service already has its outcome. */
  'ESITO_GIA_REGISTRATO',
  /** 409: a withdrawal dated after the window's last day. */
  'RIPENSAMENTO_TARDIVO',
  // Da chiamare (docs/product/calls.md).
  /** 400: the queue's cursor is not one the server gave. */
  'INVALID_CURSOR',
  /** 409: a call outcome outside the calling hours. */
  'FUORI_ORARIO',
  /** 400: a recall asked for a time already past. */
  'RICHIAMARE_NEL_PASSATO',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
