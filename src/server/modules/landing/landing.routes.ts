import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES, UPLOAD_PARTS, type UploadPart } from '#shared/domain.ts';
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
import { actorOf } from '#server/plugins/auth.ts';
import { createLimiter } from '#server/plugins/rate-limit.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import {
  getLandingInfo,
  listDocumenti,
  openDocumento,
  saveDocuments,
  submitForm,
  type IncomingFile,
} from './landing.service';
import { createUploadToken, verifyUploadToken } from './upload-token';

const m = msg.landing;

export interface LandingRoutesOptions {
  db: Database;
  storage: DocumentStorage;
  sessionSecret: string;
}

/** Per-IP budgets of the public writes (a shop's Wi-Fi serves many customers, hence not tiny). */
export const SUBMIT_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };
export const UPLOAD_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };

const UPLOAD_TOKEN_HEADER = 'x-upload-token';

function limitBy(limiter: ReturnType<typeof createLimiter>, message: string) {
  return async (request: FastifyRequest) => {
    const { limited, retryAfterSeconds } = limiter.hit(request.ip);
    if (limited) throw AppError.tooManyRequests(message, retryAfterSeconds);
  };
}

/** Multipart errors of @fastify/multipart and busboy, in the customer's language. */
function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'FILE_TOO_LARGE', m.fileTooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'TOO_MANY_FILES', m.tooManyFiles);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_FIELDS_LIMIT':
      return AppError.badRequest(m.notMultipart, 'NOT_MULTIPART');
    default:
      if (error instanceof Error && /Unexpected end of form|Malformed|boundary/i.test(error.message)) {
        return AppError.badRequest(m.notMultipart, 'NOT_MULTIPART');
      }
      return error;
  }
}

const isUploadPart = (name: string): name is UploadPart => (UPLOAD_PARTS as readonly string[]).includes(name);

export const landingRoutes: FastifyPluginAsyncZod<LandingRoutesOptions> = async (
  app,
  { db, storage, sessionSecret },
) => {
  // Multipart only in this plugin's scope: the rest of the API keeps JSON-only bodies.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_FILE_BYTES,
      files: UPLOAD_MAX_FILES,
      fields: 20,
      fieldSize: 10 * 1024,
      parts: UPLOAD_MAX_FILES + 20,
      headerPairs: 100,
    },
  });

  const submitLimiter = createLimiter(SUBMIT_LIMIT);
  const uploadLimiter = createLimiter(UPLOAD_LIMIT);

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
      config: { access: 'public' },
      onRequest: limitBy(submitLimiter, m.tooManySubmissions),
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
        },
      );
      const uploadToken =
        result.praticaId == null ? null : createUploadToken(sessionSecret, result.praticaId);
      return reply.code(result.simulated ? 200 : 201).send({ ...result, uploadToken });
    },
  );

  app.post(
    '/api/pratiche/:id/upload',
    {
      // Public: the visitor has no session. The upload token of submit-form is the authorisation.
      config: { access: 'public' },
      onRequest: limitBy(uploadLimiter, m.tooManyUploads),
      schema: { params: idParamSchema, response: { 201: uploadResponseSchema } },
    },
    async (request, reply) => {
      const praticaId = request.params.id;
      const header = request.headers[UPLOAD_TOKEN_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) throw AppError.unauthorized(m.uploadTokenMissing);
      if (!verifyUploadToken(sessionSecret, token, praticaId)) throw AppError.forbidden(m.uploadTokenInvalid);
      if (!request.isMultipart()) throw AppError.badRequest(m.notMultipart, 'NOT_MULTIPART');

      // Files are read into memory (at most 10 × 10 MB, bounded by the limits above): no temp file
      // is ever written, so a refused request leaves nothing anywhere.
      const files: IncomingFile[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (!isUploadPart(part.fieldname))
            throw AppError.badRequest(m.unknownPart(part.fieldname), 'UNKNOWN_PART');
          if (files.some((f) => f.parte === part.fieldname))
            throw AppError.badRequest(m.duplicatePart(part.fieldname), 'DUPLICATE_PART');
          files.push({ parte: part.fieldname, originalName: part.filename, data: await part.toBuffer() });
        }
      } catch (error) {
        throw translateMultipartError(error);
      }
      const documenti = await saveDocuments(db, storage, praticaId, files);
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
      return reply
        .type(type)
        .header('content-length', size)
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', documento.displayName),
        )
        .header('cache-control', 'private, no-store')
        .send(stream);
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
