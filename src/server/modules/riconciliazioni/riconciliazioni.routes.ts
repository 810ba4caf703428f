import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  chiudiRiconciliazioneSchema,
  daRecuperareSchema,
  ESTRATTO_MAX_BYTES,
  estrattoSchema,
  previewEstrattoSchema,
  riconciliazioneSchema,
  riconciliazioniPageSchema,
  riconciliazioniQuerySchema,
  uploadEstrattoQuerySchema,
  vociPageSchema,
  vociQuerySchema,
} from '#shared/schemas/riconciliazione.ts';
import type { Database } from '#server/db/client.ts';
import { streamToDisk, UploadedFile } from '#server/modules/importazioni/file-caricato.ts';
import { requestNow } from '#server/lib/clock.ts';
import { exportHeaders, spreadsheetStream } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  getEstratto,
  previewEstratto,
  uploadEstratto,
} from '#server/modules/riconciliazioni/estratti.service.ts';
import * as service from '#server/modules/riconciliazioni/riconciliazioni.service.ts';

const config = { access: 'riconciliazioni:manage' } as const;
const base = '/api/riconciliazioni';

/** Supplier payment reconciliation (docs/product/fornitori-riconciliazione.md). */
export const riconciliazioniRoutes: FastifyPluginAsyncZod<{ db: Database; testClock: boolean }> = async (
  app,
  { db, testClock },
) => {
  // The statement is the request body itself (XLSX or CSV), streamed to a temporary file as it
  // comes and removed once answered, as Importa does (docs/product/fornitori-riconciliazione.md#memoria).
  app.addContentTypeParser(
    [
      'application/octet-stream',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    async (_request: unknown, payload: Readable) =>
      streamToDisk(payload, ESTRATTO_MAX_BYTES, msg.riconciliazione.fileTroppoGrande),
  );
  app.addHook('onResponse', async (request) => {
    if (request.body instanceof UploadedFile) await request.body.remove();
  });
  const estratto = { params: idParamSchema, response: { 200: estrattoSchema } };
  const one = { params: idParamSchema, response: { 200: riconciliazioneSchema } };

  app.post(
    `${base}/estratti`,
    {
      config,
      bodyLimit: ESTRATTO_MAX_BYTES,
      schema: {
        querystring: uploadEstrattoQuerySchema,
        body: z.instanceof(UploadedFile),
        response: { 201: estrattoSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await uploadEstratto(db, actorOf(req), req.query, req.body.path, req.ip)),
  );
  app.get(`${base}/estratti/:id`, { config, schema: estratto }, async (req) =>
    getEstratto(db, req.params.id),
  );
  app.put(
    `${base}/estratti/:id/anteprima`,
    { config, schema: { ...estratto, body: previewEstrattoSchema } },
    async (req) => previewEstratto(db, req.params.id, req.body.mappatura),
  );
  app.post(
    `${base}/estratti/:id/conferma`,
    { config, schema: { params: idParamSchema, response: { 201: riconciliazioneSchema } } },
    async (req, reply) => {
      const now = requestNow(req, testClock);
      return reply
        .code(201)
        .send(await service.confermaEstratto(db, actorOf(req), req.params.id, req.ip, now));
    },
  );

  app.get(
    base,
    {
      config,
      schema: { querystring: riconciliazioniQuerySchema, response: { 200: riconciliazioniPageSchema } },
    },
    async (req) => service.listRiconciliazioni(db, req.query),
  );
  app.get(
    `${base}/da-recuperare`,
    { config, schema: { response: { 200: daRecuperareSchema } } },
    async (req) => service.daRecuperare(db, requestNow(req, testClock)),
  );
  app.get(`${base}/:id`, { config, schema: one }, async (req) =>
    service.getRiconciliazione(db, req.params.id),
  );
  app.get(
    `${base}/:id/voci`,
    {
      config,
      schema: { params: idParamSchema, querystring: vociQuerySchema, response: { 200: vociPageSchema } },
    },
    async (req) => service.listVoci(db, req.params.id, req.query),
  );
  app.get(`${base}/:id/export`, { config, schema: { params: idParamSchema } }, async (req, reply) => {
    const { rec, rows } = await service.exportRiconciliazione(db, actorOf(req), req.params.id, req.ip);
    const m = msg.riconciliazione;
    return reply
      .headers(exportHeaders(`riconciliazione-${rec.periodo}-${rec.fornitoreId}`, 'xlsx'))
      .send(spreadsheetStream('xlsx', m.foglio, service.EXPORT_HEADER, rows));
  });
  app.post(
    `${base}/:id/chiudi`,
    { config, schema: { ...one, body: chiudiRiconciliazioneSchema } },
    async (req) =>
      service.chiudiRiconciliazione(
        db,
        actorOf(req),
        req.params.id,
        req.body.nota,
        req.ip,
        requestNow(req, testClock),
      ),
  );
};
