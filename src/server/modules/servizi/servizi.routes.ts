import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { servizioStatusBodySchema, servizioStatusResultSchema } from '#shared/schemas/servizio.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { updateServizioStatus } from '#server/modules/servizi/servizi.service.ts';

export interface ServiziRoutesOptions {
  db: Database;
  publicBaseUrl: string;
  /** Called after a status change committed: the outbox worker sends its e-mails now. */
  notify: () => void;
}

export const serviziRoutes: FastifyPluginAsyncZod<ServiziRoutesOptions> = async (
  app,
  { db, publicBaseUrl, notify },
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
};
