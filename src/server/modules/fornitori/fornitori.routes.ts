import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { fornitoreBodySchema, fornitoreSchema, listFornitoriQuerySchema } from '#shared/schemas/fornitore.ts';
import type { Database } from '#server/db/client.ts';
import {
  createFornitore,
  listFornitori,
  updateFornitore,
} from '#server/modules/fornitori/fornitori.service.ts';

export const fornitoriRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/fornitori',
    {
      config: { access: 'fornitori:read' },
      schema: { querystring: listFornitoriQuerySchema, response: { 200: z.array(fornitoreSchema) } },
    },
    async (request) => listFornitori(db, request.query),
  );

  app.post(
    '/api/fornitori',
    {
      config: { access: 'fornitori:manage' },
      schema: { body: fornitoreBodySchema, response: { 201: fornitoreSchema } },
    },
    async (request, reply) => reply.code(201).send(await createFornitore(db, request.body)),
  );

  app.put(
    '/api/fornitori/:id',
    {
      config: { access: 'fornitori:manage' },
      schema: { params: idParamSchema, body: fornitoreBodySchema, response: { 200: fornitoreSchema } },
    },
    async (request) => updateFornitore(db, request.params.id, request.body),
  );
};
