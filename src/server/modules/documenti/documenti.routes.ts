import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_UPLOAD_PART } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { staffUploadFieldsSchema, staffUploadResponseSchema } from '#shared/schemas/documenti.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { actorOf } from '#server/plugins/auth.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { receiveDocuments, registerDocumentUploads } from '#server/storage/receive-documents.ts';
import { uploadStaffDocuments } from '#server/modules/documenti/documenti.service.ts';
import { praticaDocumentiRoutes } from '#server/modules/documenti/pratica-documenti.routes.ts';

const m = msg.pratica.documenti;

/** Documents staff attach to a practice and the admin deletes (docs/product/lifecycle.md#documenti). */
export const documentiRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: DocumentStorage;
  /** Called after documents were stored: the bill reader starts now. */
  wakeReader: () => void;
}> = async (app, { db, storage, wakeReader }) => {
  // Multipart in this plugin's scope only, with the landing's limits.
  await registerDocumentUploads(app);

  app.post(
    '/api/leads/upload-files',
    {
      config: {
        access: 'pratiche:uploadDocumenti',
        openapi: {
          multipart: {
            parts: {
              leadId: { description: 'Il lead a cui vanno i documenti' },
              praticaId: { description: 'La pratica del lead (facoltativa: la più recente)' },
              documentiCaricati: { description: 'JSON dei documenti segnati come caricati (facoltativo)' },
              [STAFF_UPLOAD_PART]: { description: 'I file', file: true, repeatable: true },
            },
          },
        },
      },
      schema: { response: { 201: staffUploadResponseSchema } },
    },
    async (request, reply) => {
      // Streamed to the store as they arrive (the landing's pipeline); discarded if refused below.
      const received = await receiveDocuments(request, storage, {
        parts: [STAFF_UPLOAD_PART],
        repeatable: true,
        unknownPartMessage: m.unknownPart,
      });
      const parsed = staffUploadFieldsSchema.safeParse(received.fields);
      if (!parsed.success) {
        await received.discard();
        throw AppError.badRequest(parsed.error.issues[0].message, 'VALIDATION');
      }
      const result = await uploadStaffDocuments(db, storage, actorOf(request), { ...parsed.data, received });
      wakeReader();
      return reply.code(201).send(result);
    },
  );

  await app.register(praticaDocumentiRoutes, { db, storage });
};
