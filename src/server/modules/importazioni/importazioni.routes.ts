import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  IMPORT_MAX_BYTES,
  importazioneSchema,
  previewImportSchema,
  uploadImportQuerySchema,
} from '#shared/schemas/importazione.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { acceptUploadedFiles, UploadedFile } from '#server/modules/importazioni/file-caricato.ts';
import * as service from '#server/modules/importazioni/importazioni.service.ts';

const access = { access: 'importazioni:manage' } as const;
const idSchema = { params: idParamSchema, response: { 200: importazioneSchema } };

/** 'Importa' (docs/product/importazione.md): upload, preview, apply as a job, progress, error report. */
export const importazioniRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicBaseUrl: string;
  notify: () => void;
  testClock: boolean;
}> = async (app, { db, publicBaseUrl, notify, testClock }) => {
  acceptUploadedFiles(app, IMPORT_MAX_BYTES);
  const jobs = new service.ImportJobs((err, id) =>
    app.log.error({ err, importazione: id }, 'importazione fallita'),
  );
  app.addHook('onClose', () => jobs.settle());
  const ctx = { db, publicBaseUrl, notify };
  const body = z.instanceof(UploadedFile);
  const uploadSchema = { querystring: uploadImportQuerySchema, body, response: { 201: importazioneSchema } };

  app.post(
    '/api/importazioni',
    { config: access, bodyLimit: IMPORT_MAX_BYTES, schema: uploadSchema },
    async (request, reply) => {
      const { path } = request.body;
      return reply.code(201).send(await service.uploadImport(db, actorOf(request), request.query, path));
    },
  );

  app.get('/api/importazioni/:id', { config: access, schema: idSchema }, async (request) =>
    service.getImport(db, request.params.id),
  );

  app.put(
    '/api/importazioni/:id/anteprima',
    { config: access, schema: { ...idSchema, body: previewImportSchema } },
    async (request) => {
      const now = requestNow(request, testClock);
      return service.previewImport(db, actorOf(request), request.params.id, request.body, now);
    },
  );

  app.post(
    '/api/importazioni/:id/applica',
    { config: access, schema: { params: idParamSchema, response: { 202: importazioneSchema } } },
    async (request, reply) => {
      const [who, now] = [actorOf(request), requestNow(request, testClock)];
      const started = await service.applyImport(ctx, jobs, who, request.params.id, request.ip, now);
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/api/importazioni/:id/errori',
    { config: access, schema: { params: idParamSchema } },
    async (request, reply) => {
      const report = await service.errorReport(db, request.params.id);
      return reply.headers(report.headers).send(report.body);
    },
  );
};
