import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { ApiErrorBody } from '#shared/schemas/common.ts';
import { installItalianErrors } from '#shared/schemas/error-map.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  isClientAbort,
  isServiceUnavailable,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '#server/lib/unavailable.ts';
import { databaseErrorCode } from '#server/lib/log-safety.ts';

/**
 * PostgreSQL errors a request's data can cause, as the client's mistake: bad text (NUL), a
 * number out of range, a value too long for an index, a broken constraint. Everything is
 * validated before a query, so reaching one of these is a gap in a schema, still never a 500.
 */
type Mapped = { status: number; message: string; code: ErrorCode };
const invalid: Mapped = { status: 400, message: msg.common.invalidData, code: 'VALIDATION' };

const DATABASE_INPUT_ERRORS: Record<string, Mapped> = {
  '22P02': invalid,
  '22003': invalid,
  '22021': { status: 400, message: msg.common.controlChars, code: 'VALIDATION' },
  '22001': invalid,
  '22007': invalid,
  '22008': invalid,
  '23502': invalid,
  '23514': invalid,
  '54000': { status: 413, message: msg.common.requestTooLarge, code: 'PAYLOAD_TOO_LARGE' },
  '23505': { status: 409, message: msg.common.conflict, code: 'CONFLICT' },
  '23503': { status: 409, message: msg.common.conflict, code: 'CONFLICT' },
};

/** Fastify's own 4xx (body parsing, routing), in Italian and with a public code. */
const FASTIFY_ERRORS: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { message: msg.common.requestTooLarge, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: msg.common.unsupportedMediaType,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: msg.common.invalidData, code: 'BAD_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: msg.common.malformedJson, code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: msg.common.malformedJson, code: 'BAD_REQUEST' },
  FST_ERR_BAD_URL: { message: msg.common.invalidData, code: 'BAD_REQUEST' },
  FST_ERR_NOT_FOUND: { message: msg.common.notFound, code: 'NOT_FOUND' },
};

const BY_STATUS: Record<number, { message: string; code: ErrorCode }> = {
  401: { message: msg.auth.notAuthenticated, code: 'UNAUTHORIZED' },
  403: { message: msg.auth.forbidden, code: 'FORBIDDEN' },
  404: { message: msg.common.notFound, code: 'NOT_FOUND' },
  409: { message: msg.common.conflict, code: 'CONFLICT' },
  413: { message: msg.common.requestTooLarge, code: 'PAYLOAD_TOO_LARGE' },
  415: { message: msg.common.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { message: msg.common.tooManyRequests, code: 'RATE_LIMITED' },
};

const errorCode = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** One JSON error shape `{ message, code, issues? }`; 5xx details are logged, never sent. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  installItalianErrors();

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      void reply
        .headers(error.headers)
        .code(error.statusCode)
        .send({ message: error.message, code: error.code } satisfies ApiErrorBody);
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? msg.common.invalidData,
      }));
      void reply
        .code(400)
        .send({ message: issues[0]?.message ?? msg.common.invalidData, code: 'VALIDATION', issues });
      return;
    }
    const dbCode = databaseErrorCode(error);
    if (dbCode && DATABASE_INPUT_ERRORS[dbCode]) {
      const mapped = DATABASE_INPUT_ERRORS[dbCode];
      // The database's own code stays in the log: clients see only the public one.
      request.log.warn({ err: error }, 'database refused the request data');
      void reply.code(mapped.status).send({ message: mapped.message, code: mapped.code });
      return;
    }
    const status = error.statusCode ?? 500;
    if (isClientAbort(error, request.raw)) {
      // The customer dropped the connection (closed the page, lost signal mid-upload): nothing is
      // down and nobody reads the answer. Logged at info, without the error's stack.
      request.log.info({ code: errorCode(error) }, 'richiesta interrotta dal client');
      void reply.code(400).send({ message: msg.common.requestAborted, code: 'CLIENT_ABORTED' });
      return;
    }
    if (isServiceUnavailable(error)) {
      // The Error itself: the `err` serializer (safeError) keeps its code and drops personal data.
      request.log.warn({ err: error }, 'servizio non raggiungibile');
      void reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: msg.common.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    if (status >= 500 || status < 400) {
      request.log.error({ err: error }, 'request failed');
      void reply.code(500).send({ message: msg.common.internalError, code: 'INTERNAL' });
      return;
    }
    // Any other 4xx of Fastify or a plugin: its status, with an Italian message (never its
    // English) and a public code; the framework's code goes to the log only.
    const known = (error.code && FASTIFY_ERRORS[error.code]) || BY_STATUS[status];
    request.log.info({ code: errorCode(error), status }, 'richiesta rifiutata');
    void reply.code(status).send(known ?? { message: msg.common.invalidData, code: 'BAD_REQUEST' });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ message: msg.common.notFound, code: 'NOT_FOUND' });
  });
});

/**
 * Fastify's `frameworkErrors`: a URL it cannot even decode is answered before any hook or error
 * handler, and by default with its own code. Here it gets the public one.
 */
export function frameworkErrorReply(_error: FastifyError, _request: unknown, reply: FastifyReply) {
  void reply.code(400).send({ message: msg.common.invalidData, code: 'BAD_REQUEST' } satisfies ApiErrorBody);
}
