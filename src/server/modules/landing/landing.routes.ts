import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_PARTS } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import {
  documentiListSchema,
  IDEMPOTENCY_KEY_PATTERN,
  landingCodeParamSchema,
  landingInfoSchema,
  praticaFileParamSchema,
  submitFormResponseSchema,
  submitFormSchema,
  uploadResponseSchema,
} from '#shared/schemas/landing.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { routeRateLimit } from '#server/plugins/rate-limit.ts';
import { receiveDocuments, registerDocumentUploads } from '#server/storage/receive-documents.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import {
  getLandingInfo,
  listDocumenti,
  openDocumento,
  assertCanUpload,
  isPagePart,
  saveDocuments,
  submitForm,
} from '#server/modules/landing/landing.service.ts';
import { createUploadToken, verifyUploadToken } from '#server/modules/landing/upload-token.ts';

const m = msg.landing;

export interface LandingRoutesOptions {
  db: Database;
  storage: DocumentStorage;
  sessionSecret: string;
  publicBaseUrl: string;
  /** Called after a submission committed: the outbox worker sends its e-mails now. */
  notify: () => void;
  /** Called after documents were stored: the bill reader starts now. */
  wakeReader: () => void;
  /** A test server: the x-test-now header moves the clock (src/server/lib/clock.ts). */
  testClock?: boolean;
}

/** Per-IP budgets of the public writes (a shop's Wi-Fi serves many customers, hence not tiny). */
export const SUBMIT_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };
export const UPLOAD_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };

const UPLOAD_TOKEN_HEADER = 'x-upload-token';

export const landingRoutes: FastifyPluginAsyncZod<LandingRoutesOptions> = async (
  app,
  { db, storage, sessionSecret, publicBaseUrl, notify, wakeReader, testClock = false },
) => {
  await registerDocumentUploads(app);

  app.get(
    '/api/landing/:code',
    {
      config: { access: 'public' },
      schema: { params: landingCodeParamSchema, response: { 200: landingInfoSchema } },
    },
    async (request) => getLandingInfo(db, request.params.code),
  );

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

  app.get(
    '/api/pratiche/:id/files',
    {
      config: { access: 'pratiche:read' },
      schema: { params: idParamSchema, response: { 200: documentiListSchema } },
    },
    async (request) => listDocumenti(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/pratiche/:id/files/:filename',
    { config: { access: 'pratiche:read' }, schema: { params: praticaFileParamSchema } },
    async (request, reply) => {
      const { documento, stream, size } = await openDocumento(
        db,
        storage,
        actorOf(request),
        request.params.id,
        request.params.filename,
      );
      const inline = documento.mimeType.startsWith('image/') || documento.mimeType === 'application/pdf';
      const type = documento.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : documento.mimeType;
      return (
        reply
          .type(type)
          .header('content-length', size)
          .header(
            'content-disposition',
            contentDisposition(inline ? 'inline' : 'attachment', documento.displayName),
          )
          .header('cache-control', 'private, no-store')
          // Whatever a file holds (a PDF with JavaScript, an SVG), opened on its own it runs
          // nothing in the app's origin: docs/security.md#nomi-dei-file
          .header('content-security-policy', 'sandbox')
          .send(stream)
      );
    },
  );
};

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii =
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'documento';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
