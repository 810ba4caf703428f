import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/schemas/common';
import { servizioStatusBodySchema, servizioStatusResultSchema } from '../../../shared/schemas/servizio';
import type { Database } from '../../db/client';
import { actorOf } from '../../plugins/auth';
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
