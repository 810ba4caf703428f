import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ESITI_MAX_BYTES,
  esitiCaricamentoSchema,
  uploadEsitiQuerySchema,
} from '#shared/schemas/esiti-fornitori.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { uploadEsiti } from '#server/modules/esiti-fornitori/esiti.service.ts';

const access = { access: 'esitiFornitori:manage' } as const;

/** The upload of a supplier's outcomes file: the request body itself, XLSX or CSV (read by the parser of esiti.routes.ts). */
export const uploadEsitiRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};
