import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import { praticaEventiSchema } from '#shared/schemas/documenti.ts';
import { praticaFileParamSchema } from '#shared/schemas/landing.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { deleteDocumento, listEventi } from '#server/modules/documenti/documenti.service.ts';

/** A practice's documents the admin deletes, and its history of documents and states. */
export const praticaDocumentiRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: DocumentStorage;
}> = async (app, { db, storage }) => {
  app.delete(
    '/api/pratiche/:id/files/:filename',
    {
      config: { access: 'pratiche:deleteDocumenti' },
      schema: { params: praticaFileParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const { id, filename } = request.params;
      const { storageError } = await deleteDocumento(db, storage, actorOf(request), id, filename);
      if (storageError) request.log.error({ err: storageError, filename }, 'documento: file non rimosso');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/pratiche/:id/eventi',
    {
      config: { access: 'pratiche:read' },
      schema: { params: idParamSchema, response: { 200: praticaEventiSchema } },
    },
    async (request) => listEventi(db, actorOf(request), request.params.id),
  );
};
