import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  ESITI_MAX_BYTES,
  esitiCaricamentoSchema,
  previewEsitiSchema,
} from '#shared/schemas/esiti-fornitori.ts';
import type { Database } from '#server/db/client.ts';
import { exportHeaders, spreadsheetStream } from '#server/lib/tabular-export.ts';
import { getEsiti, nonApplicate, previewEsiti } from '#server/modules/esiti-fornitori/esiti.service.ts';
import { applicaEsitiRoutes } from '#server/modules/esiti-fornitori/applica.routes.ts';
import { uploadEsitiRoutes } from '#server/modules/esiti-fornitori/upload.routes.ts';

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
  await app.register(uploadEsitiRoutes, { db });

  app.get('/api/esiti-fornitori/:id', { config: access, schema: idSchema }, async (request) =>
    getEsiti(db, request.params.id),
  );

  app.put(
    '/api/esiti-fornitori/:id/anteprima',
    { config: access, schema: { ...idSchema, body: previewEsitiSchema } },
    async (request) => previewEsiti(db, request.params.id, request.body.mappatura),
  );

  await app.register(applicaEsitiRoutes, { db, publicBaseUrl, notify });

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
