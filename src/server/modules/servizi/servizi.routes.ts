import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { servizioStatusBodySchema, servizioStatusResultSchema } from '#shared/schemas/servizio.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { updateServizioStatus } from './servizi.service';

export const serviziRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
    async (request) => updateServizioStatus(db, actorOf(request), request.params.id, request.body),
  );
};
