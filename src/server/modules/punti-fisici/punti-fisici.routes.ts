import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import {
  createPuntoFisicoSchema,
  puntoFisicoSchema,
  updatePuntoFisicoSchema,
} from '#shared/schemas/punto-fisico.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  createPuntoFisico,
  deletePuntoFisico,
  getPuntoFisico,
  updatePuntoFisico,
} from '#server/modules/punti-fisici/punti-fisici.service.ts';
import { materialiPuntoRoutes } from '#server/modules/punti-fisici/materiali.routes.ts';
import { ricercaPuntiRoutes } from '#server/modules/punti-fisici/ricerca.routes.ts';

export const puntiFisiciRoutes: FastifyPluginAsyncZod<{ db: Database; publicBaseUrl: string }> = async (
  app,
  { db, publicBaseUrl },
) => {
  const ctx = { db, publicBaseUrl };

  await app.register(ricercaPuntiRoutes, { db, publicBaseUrl });

  app.post(
    '/api/punti-fisici',
    {
      config: { access: 'puntiFisici:create' },
      schema: { body: createPuntoFisicoSchema, response: { 201: puntoFisicoSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createPuntoFisico(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/api/punti-fisici/:id',
    {
      config: { access: 'puntiFisici:read' },
      schema: { params: idParamSchema, response: { 200: puntoFisicoSchema } },
    },
    async (request) => getPuntoFisico(ctx, actorOf(request), request.params.id),
  );

  app.put(
    '/api/punti-fisici/:id',
    {
      config: { access: 'puntiFisici:update' },
      schema: { params: idParamSchema, body: updatePuntoFisicoSchema, response: { 200: puntoFisicoSchema } },
    },
    async (request) => updatePuntoFisico(ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/punti-fisici/:id',
    {
      config: { access: 'puntiFisici:delete' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deletePuntoFisico(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  await app.register(materialiPuntoRoutes, { db, publicBaseUrl });
};
