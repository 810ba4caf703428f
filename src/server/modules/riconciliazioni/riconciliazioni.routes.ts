import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  chiudiRiconciliazioneSchema,
  daRecuperareSchema,
  riconciliazioneSchema,
  riconciliazioniPageSchema,
  riconciliazioniQuerySchema,
  vociPageSchema,
  vociQuerySchema,
} from '#shared/schemas/riconciliazione.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { exportHeaders, spreadsheetStream } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import * as service from '#server/modules/riconciliazioni/riconciliazioni.service.ts';
import { estrattiRoutes } from '#server/modules/riconciliazioni/estratti.routes.ts';

const config = { access: 'riconciliazioni:manage' } as const;
const base = '/api/riconciliazioni';

/** Supplier payment reconciliation (docs/product/fornitori-riconciliazione.md). */
export const riconciliazioniRoutes: FastifyPluginAsyncZod<{ db: Database; testClock: boolean }> = async (
  app,
  { db, testClock },
) => {
  await app.register(estrattiRoutes, { db, testClock });
  const one = { params: idParamSchema, response: { 200: riconciliazioneSchema } };

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
