import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  IMPORT_MAX_BYTES,
  importazioneSchema,
  previewImportSchema,
  uploadImportQuerySchema,
} from '#shared/schemas/importazione.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { exportHeaders, spreadsheetStream } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { streamToDisk, UploadedFile } from '#server/modules/importazioni/file-caricato.ts';
import {
  errorReport,
  getImport,
  previewImport,
  runImport,
  startImport,
  uploadImport,
} from '#server/modules/importazioni/importazioni.service.ts';

const access = { access: 'importazioni:manage' } as const;
const idSchema = { params: idParamSchema, response: { 200: importazioneSchema } };

/** 'Importa' (docs/product/importazione.md): upload, preview, apply as a job, progress, error report. */
export const importazioniRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicBaseUrl: string;
  notify: () => void;
  testClock: boolean;
}> = async (app, { db, publicBaseUrl, notify, testClock }) => {
  // The file is the request body itself (XLSX or CSV), streamed to a temporary file as it comes
  // and removed once answered, whatever the answer.
  app.addContentTypeParser(
    [
      'application/octet-stream',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    async (_request: unknown, payload: Readable) => streamToDisk(payload, IMPORT_MAX_BYTES),
  );
  app.addHook('onResponse', async (request) => {
    if (request.body instanceof UploadedFile) await request.body.remove();
  });
  // Jobs still running when the app closes are waited for: a batch is never cut by a shutdown.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });

  app.post(
    '/api/importazioni',
    {
      config: access,
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        querystring: uploadImportQuerySchema,
        body: z.instanceof(UploadedFile),
        response: { 201: importazioneSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await uploadImport(db, actorOf(request), request.query, request.body.path)),
  );

  app.get('/api/importazioni/:id', { config: access, schema: idSchema }, async (request) =>
    getImport(db, request.params.id),
  );

  app.put(
    '/api/importazioni/:id/anteprima',
    { config: access, schema: { ...idSchema, body: previewImportSchema } },
    async (request) =>
      previewImport(db, actorOf(request), request.params.id, request.body, requestNow(request, testClock)),
  );

  app.post(
    '/api/importazioni/:id/applica',
    { config: access, schema: { params: idParamSchema, response: { 202: importazioneSchema } } },
    async (request, reply) => {
      const started = await startImport(db, request.params.id);
      const job = runImport(
        { db, publicBaseUrl, notify },
        actorOf(request),
        started.id,
        request.ip,
        requestNow(request, testClock),
      )
        .catch((error: unknown) =>
          app.log.error({ err: error, importazione: started.id }, 'importazione fallita'),
        )
        .finally(() => running.delete(job));
      running.add(job);
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/api/importazioni/:id/errori',
    { config: access, schema: { params: idParamSchema } },
    async (request, reply) => {
      const rows = await errorReport(db, request.params.id);
      const c = msg.importazione;
      return reply
        .headers(exportHeaders('errori-importazione', 'xlsx'))
        .send(spreadsheetStream('xlsx', c.rapportoFoglio, [c.riga, c.colonna, c.valore, c.motivo], rows));
    },
  );
};
