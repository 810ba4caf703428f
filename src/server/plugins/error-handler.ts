import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import type { ApiErrorBody } from '#shared/schemas/common.ts';
import { AppError } from '../lib/app-error';
import { isServiceUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../lib/unavailable';

/** One JSON error shape `{ message, code, issues? }`; 5xx details are logged, never sent. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
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
    const status = error.statusCode ?? 500;
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'servizio non raggiungibile');
      void reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: msg.common.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      void reply.code(500).send({ message: msg.common.internalError, code: 'INTERNAL' });
      return;
    }
    if (status === 429) {
      void reply.code(429).send({ message: msg.common.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
      return;
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      status === 400
    ) {
      void reply.code(400).send({ message: msg.common.invalidData, code: error.code ?? 'BAD_REQUEST' });
      return;
    }
    void reply.code(status).send({ message: error.message, code: error.code ?? 'ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ message: msg.common.notFound, code: 'NOT_FOUND' });
  });
});
