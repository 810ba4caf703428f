import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { schedaBodySchema, schedaResponseSchema } from '#shared/schemas/scheda.ts';
import { servizioStatusBodySchema, servizioStatusResultSchema } from '#shared/schemas/servizio.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { getScheda, saveScheda } from '#server/modules/servizi/scheda.service.ts';
import { updateServizioStatus } from '#server/modules/servizi/servizi.service.ts';

export interface ServiziRoutesOptions {
  db: Database;
  publicBaseUrl: string;
  /** Called after a status change committed: the outbox worker sends its e-mails now. */
  notify: () => void;
  /** Honour the test clock header (NODE_ENV=test only): a document's expiry is checked on that day. */
  testClock?: boolean;
}

export const serviziRoutes: FastifyPluginAsyncZod<ServiziRoutesOptions> = async (
  app,
  { db, publicBaseUrl, notify, testClock = false },
) => {
  app.put(
    '/api/servizi/:id/status',
    {
      config: { access: 'servizi:updateStatus' },
      schema: {
        params: idParamSchema,
        body: servizioStatusBodySchema,
        response: { 200: servizioStatusResultSchema },
      },
    },
    async (request) => {
      const result = await updateServizioStatus(db, actorOf(request), request.params.id, request.body, {
        publicBaseUrl,
      });
      notify();
      return result;
    },
  );

  app.get(
    '/api/servizi/:id/scheda',
    {
      config: { access: 'servizi:readScheda' },
      schema: { params: idParamSchema, response: { 200: schedaResponseSchema } },
    },
    async (request) => getScheda(db, actorOf(request), request.params.id),
  );

  app.put(
    '/api/servizi/:id/scheda',
    {
      config: { access: 'servizi:updateScheda' },
      schema: { params: idParamSchema, body: schedaBodySchema, response: { 200: schedaResponseSchema } },
    },
    async (request) =>
      saveScheda(db, actorOf(request), request.params.id, request.body, requestNow(request, testClock)),
  );
};
