import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  ESITI_MAX_BYTES,
  esitiCaricamentoSchema,
  previewEsitiSchema,
  uploadEsitiQuerySchema,
} from '#shared/schemas/esiti-fornitori.ts';
import type { Database } from '#server/db/client.ts';
import { exportHeaders, spreadsheetStream } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  getEsiti,
  nonApplicate,
  previewEsiti,
  runEsiti,
  startEsiti,
  uploadEsiti,
} from '#server/modules/esiti-fornitori/esiti.service.ts';

const access = { access: 'esitiFornitori:manage' } as const;
const idSchema = { params: idParamSchema, response: { 200: esitiCaricamentoSchema } };

/** 'Esiti fornitori' (docs/product/fornitori-esiti.md): upload, preview, apply as a job, rows not applied. */
export const esitiFornitoriRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicBaseUrl: string;
  notify: () => void;
}> = async (app, { db, publicBaseUrl, notify }) => {
  // The file is the request body itself (XLSX or CSV), read only here.
  app.addContentTypeParser(
    [
      'application/octet-stream',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    { parseAs: 'buffer', bodyLimit: ESITI_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Jobs still running when the app closes are waited for.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });

  app.post(
    '/api/esiti-fornitori',
    {
      config: access,
      bodyLimit: ESITI_MAX_BYTES,
      schema: {
        querystring: uploadEsitiQuerySchema,
        body: z.instanceof(Buffer),
        response: { 201: esitiCaricamentoSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await uploadEsiti(db, actorOf(request), request.query, request.body, { ip: request.ip })),
  );

  app.get('/api/esiti-fornitori/:id', { config: access, schema: idSchema }, async (request) =>
    getEsiti(db, request.params.id),
  );

  app.put(
    '/api/esiti-fornitori/:id/anteprima',
    { config: access, schema: { ...idSchema, body: previewEsitiSchema } },
    async (request) => previewEsiti(db, request.params.id, request.body.mappatura),
  );

  app.post(
    '/api/esiti-fornitori/:id/applica',
    { config: access, schema: { params: idParamSchema, response: { 202: esitiCaricamentoSchema } } },
    async (request, reply) => {
      const started = await startEsiti(db, request.params.id);
      const job = runEsiti({ db, publicBaseUrl, notify }, actorOf(request), started.id, { ip: request.ip })
        .catch((error: unknown) =>
          app.log.error({ err: error, esiti: started.id }, 'esiti fornitore falliti'),
        )
        .finally(() => running.delete(job));
      running.add(job);
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/api/esiti-fornitori/:id/non-applicate',
    { config: access, schema: { params: idParamSchema } },
    async (request, reply) => {
      const { header, rows } = await nonApplicate(db, request.params.id);
      return reply
        .headers(exportHeaders('esiti-non-applicati', 'xlsx'))
        .send(spreadsheetStream('xlsx', msg.esitiFornitori.foglioNonApplicate, header, rows));
    },
  );
};
