import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  enasarcoQuerySchema,
  enasarcoRiepilogoSchema,
  ritenuteQuerySchema,
  ritenuteRiepilogoSchema,
} from '#shared/schemas/fisco.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import { riepilogoEnasarco, riepilogoRitenute } from '#server/modules/fisco/fisco.service.ts';
import { enasarcoXlsx, ritenuteXlsx } from '#server/modules/fisco/riepiloghi-xlsx.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The admin's Enasarco and ritenute summaries of a period, as JSON and as XLSX (docs/product/commissions.md#profilo-fiscale). */
export const riepiloghiFiscaliRoutes: FastifyPluginAsyncZod<{ db: Database; testClock: boolean }> = async (
  app,
  { db, testClock },
) => {
  app.get(
    '/api/fisco/enasarco',
    {
      config: { access: 'riepiloghiFiscali:read' },
      schema: { querystring: enasarcoQuerySchema, response: { 200: enasarcoRiepilogoSchema } },
    },
    async (request) => riepilogoEnasarco(db, request.query.periodo, requestNow(request, testClock)),
  );

  app.get(
    '/api/fisco/enasarco/xlsx',
    { config: { access: 'riepiloghiFiscali:read' }, schema: { querystring: enasarcoQuerySchema } },
    async (request, reply) => {
      const r = await riepilogoEnasarco(db, request.query.periodo, requestNow(request, testClock));
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', `enasarco-${r.periodo.key}.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(await enasarcoXlsx(r));
    },
  );

  app.get(
    '/api/fisco/ritenute',
    {
      config: { access: 'riepiloghiFiscali:read' },
      schema: { querystring: ritenuteQuerySchema, response: { 200: ritenuteRiepilogoSchema } },
    },
    async (request) => riepilogoRitenute(db, request.query.periodo, requestNow(request, testClock)),
  );

  app.get(
    '/api/fisco/ritenute/xlsx',
    { config: { access: 'riepiloghiFiscali:read' }, schema: { querystring: ritenuteQuerySchema } },
    async (request, reply) => {
      const r = await riepilogoRitenute(db, request.query.periodo, requestNow(request, testClock));
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', `ritenute-${r.periodo.key}.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(await ritenuteXlsx(r));
    },
  );
};
