import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import {
  exportPraticheQuerySchema,
  listPraticheQuerySchema,
  praticaSchema,
  praticheListSchema,
} from '#shared/schemas/pratica.ts';
import type { Database } from '#server/db/client.ts';
import { exportHeaders } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import {
  deletePratica,
  startPraticheExport,
  getPratica,
  listPratiche,
} from '#server/modules/pratiche/pratiche.service.ts';

export const praticheRoutes: FastifyPluginAsyncZod<{ db: Database; storage: DocumentStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/pratiche',
    {
      config: { access: 'pratiche:read' },
      schema: { querystring: listPraticheQuerySchema, response: { 200: praticheListSchema } },
    },
    async (request) => listPratiche(db, actorOf(request), request.query),
  );

  app.get(
    '/api/pratiche/export',
    { config: { access: 'pratiche:read' }, schema: { querystring: exportPraticheQuerySchema } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const file = await startPraticheExport(db, actorOf(request), filters, format, { ip: request.ip });
      return reply.headers(exportHeaders('pratiche', format)).send(file);
    },
  );

  app.get(
    '/api/pratiche/:id',
    {
      config: { access: 'pratiche:read' },
      schema: { params: idParamSchema, response: { 200: praticaSchema } },
    },
    async (request) => getPratica(db, actorOf(request), request.params.id),
  );

  app.delete(
    '/api/pratiche/:id',
    {
      config: { access: 'pratiche:delete' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deletePratica(db, actorOf(request), storage, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
