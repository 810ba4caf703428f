import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  ESTRATTO_MAX_BYTES,
  estrattoSchema,
  previewEstrattoSchema,
  riconciliazioneSchema,
  uploadEstrattoQuerySchema,
} from '#shared/schemas/riconciliazione.ts';
import type { Database } from '#server/db/client.ts';
import { streamToDisk, UploadedFile } from '#server/modules/importazioni/file-caricato.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  getEstratto,
  previewEstratto,
  uploadEstratto,
} from '#server/modules/riconciliazioni/estratti.service.ts';
import * as service from '#server/modules/riconciliazioni/riconciliazioni.service.ts';

const config = { access: 'riconciliazioni:manage' } as const;
const base = '/api/riconciliazioni';

/** A supplier's statement: uploaded, previewed with its column mapping, confirmed as a reconciliation (docs/product/fornitori-riconciliazione.md). */
export const estrattiRoutes: FastifyPluginAsyncZod<{ db: Database; testClock: boolean }> = async (
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
};
