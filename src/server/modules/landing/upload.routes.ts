import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_PARTS } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { uploadResponseSchema } from '#shared/schemas/landing.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { routeRateLimit } from '#server/plugins/rate-limit.ts';
import { receiveDocuments } from '#server/storage/receive-documents.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { assertCanUpload, isPagePart, saveDocuments } from '#server/modules/landing/landing.service.ts';
import { verifyUploadToken } from '#server/modules/landing/upload-token.ts';

const m = msg.landing;

/** Per-IP budget of the uploads (a shop's Wi-Fi serves many customers, hence not tiny). */
const UPLOAD_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };
const UPLOAD_TOKEN_HEADER = 'x-upload-token';

/** The visitor's bills and photographed pages, after submit-form: its upload token is the authorisation. */
export const landingUploadRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: DocumentStorage;
  sessionSecret: string;
  wakeReader: () => void;
}> = async (app, { db, storage, sessionSecret, wakeReader }) => {
  app.post(
    '/api/pratiche/:id/upload',
    {
      // Public: the visitor has no session. The upload token of submit-form is the authorisation.
      config: {
        access: 'public',
        rateLimit: routeRateLimit(UPLOAD_LIMIT, m.tooManyUploads),
        openapi: {
          multipart: {
            parts: Object.fromEntries(
              UPLOAD_PARTS.map((part) => [
                part,
                { description: 'Bolletta o pagina fotografata', file: true },
              ]),
            ),
          },
          headers: [
            {
              name: 'X-Upload-Token',
              description: 'Il token che POST /api/submit-form ha dato',
              required: true,
            },
          ],
        },
      },
      schema: { params: idParamSchema, response: { 201: uploadResponseSchema } },
    },
    async (request, reply) => {
      const praticaId = request.params.id;
      const header = request.headers[UPLOAD_TOKEN_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) throw AppError.unauthorized(m.uploadTokenMissing);
      if (!verifyUploadToken(sessionSecret, token, praticaId)) throw AppError.forbidden(m.uploadTokenInvalid);
      await assertCanUpload(db, praticaId);
      const received = await receiveDocuments(request, storage, {
        parts: UPLOAD_PARTS,
        imageOnly: isPagePart,
      });
      const documenti = await saveDocuments(db, storage, praticaId, received);
      wakeReader();
      return reply.code(201).send({ documenti });
    },
  );
};
