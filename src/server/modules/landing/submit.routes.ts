import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import {
  IDEMPOTENCY_KEY_PATTERN,
  submitFormResponseSchema,
  submitFormSchema,
} from '#shared/schemas/landing.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { requestNow } from '#server/lib/clock.ts';
import { routeRateLimit } from '#server/plugins/rate-limit.ts';
import { submitForm } from '#server/modules/landing/landing.service.ts';
import { createUploadToken } from '#server/modules/landing/upload-token.ts';

const m = msg.landing;

/** Per-IP budget of the submissions (a shop's Wi-Fi serves many customers, hence not tiny). */
const SUBMIT_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };

/** The visitor's submission: a lead and its practice, once per idempotency key, and the upload token for its documents. */
export const submitFormRoutes: FastifyPluginAsyncZod<{
  db: Database;
  sessionSecret: string;
  publicBaseUrl: string;
  notify: () => void;
  testClock: boolean;
}> = async (app, { db, sessionSecret, publicBaseUrl, notify, testClock }) => {
  app.post(
    '/api/submit-form',
    {
      config: {
        access: 'public',
        rateLimit: routeRateLimit(SUBMIT_LIMIT, m.tooManySubmissions),
        openapi: {
          headers: [
            {
              name: 'Idempotency-Key',
              description: 'Lo stesso invio ripetuto con la stessa chiave crea una sola pratica',
              pattern: IDEMPOTENCY_KEY_PATTERN.source,
            },
          ],
        },
      },
      schema: {
        body: submitFormSchema,
        response: { 200: submitFormResponseSchema, 201: submitFormResponseSchema },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const headerKey = Array.isArray(header) ? header[0] : header;
      if (headerKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(headerKey)) {
        throw AppError.badRequest(m.idempotencyKeyInvalid, 'IDEMPOTENCY_KEY_INVALID');
      }
      const { idempotencyKey: bodyKey, ...input } = request.body;
      const result = await submitForm(
        db,
        { ...input, idempotencyKey: undefined },
        {
          // request.ip honours TRUST_PROXY; the address the browser claims is ignored.
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
          idempotencyKey: headerKey ?? bodyKey ?? null,
          now: requestNow(request, testClock),
        },
        { publicBaseUrl },
      );
      if (!result.simulated) notify();
      const uploadToken =
        result.praticaId == null ? null : createUploadToken(sessionSecret, result.praticaId);
      return reply.code(result.simulated ? 200 : 201).send({ ...result, uploadToken });
    },
  );
};
