import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentiListSchema, praticaFileParamSchema } from '#shared/schemas/landing.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/client.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import { actorOf } from '#server/plugins/auth.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { listDocumenti, openDocumento } from '#server/modules/landing/landing.service.ts';

/** A practice's documents as staff read them: the list, and one file opened in a sandbox (docs/security.md#nomi-dei-file). */
export const praticaFilesRoutes: FastifyPluginAsyncZod<{ db: Database; storage: DocumentStorage }> = async (
  app,
  { db, storage },
) => {
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
