import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
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
const DATABASE_INPUT_ERRORS: Record<string, { status: number; message: string }> = {
  '22P02': { status: 400, message: msg.common.invalidData },
  '22003': { status: 400, message: msg.common.invalidData },
  '22021': { status: 400, message: msg.common.controlChars },
  '22001': { status: 400, message: msg.common.invalidData },
  '22007': { status: 400, message: msg.common.invalidData },
  '22008': { status: 400, message: msg.common.invalidData },
  '23502': { status: 400, message: msg.common.invalidData },
  '23514': { status: 400, message: msg.common.invalidData },
  '54000': { status: 413, message: msg.common.requestTooLarge },
  '23505': { status: 409, message: msg.common.conflict },
  '23503': { status: 409, message: msg.common.conflict },
};

/** Fastify's own 4xx (body parsing, routing), in Italian. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: msg.common.requestTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg.common.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg.common.invalidData,
  FST_ERR_CTP_EMPTY_JSON_BODY: msg.common.malformedJson,
  FST_ERR_CTP_INVALID_JSON_BODY: msg.common.malformedJson,
  FST_ERR_BAD_URL: msg.common.invalidData,
  FST_ERR_NOT_FOUND: msg.common.notFound,
};

const BY_STATUS: Record<number, string> = {
  404: msg.common.notFound,
  413: msg.common.requestTooLarge,
  415: msg.common.unsupportedMediaType,
  429: msg.common.tooManyRequests,
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
      request.log.warn({ err: error }, 'database refused the request data');
      void reply.code(mapped.status).send({ message: mapped.message, code: `DB_${dbCode}` });
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
    // Any other 4xx of Fastify or a plugin: its status, with an Italian message (never its English).
    const message =
      (error.code && FASTIFY_MESSAGES[error.code]) ?? BY_STATUS[status] ?? msg.common.invalidData;
    void reply.code(status).send({ message, code: error.code ?? 'BAD_REQUEST' });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ message: msg.common.notFound, code: 'NOT_FOUND' });
  });
});
