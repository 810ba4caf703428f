import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listPuntiQuerySchema,
  puntiFisiciPageSchema,
  puntoSuggestionSchema,
  suggestPuntiQuerySchema,
} from '#shared/schemas/punto-fisico.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { listPuntiFisici, suggestPuntiFisici } from '#server/modules/punti-fisici/punti-fisici.service.ts';

/** The points in scope: the list's pages and the filter's suggestions. */
export const ricercaPuntiRoutes: FastifyPluginAsyncZod<{ db: Database; publicBaseUrl: string }> = async (
  app,
  { db, publicBaseUrl },
) => {
  const ctx = { db, publicBaseUrl };

  app.get(
    '/api/punti-fisici',
    {
      config: { access: 'puntiFisici:read' },
      schema: { querystring: listPuntiQuerySchema, response: { 200: puntiFisiciPageSchema } },
    },
    async (request) => listPuntiFisici(ctx, actorOf(request), request.query),
  );

  app.get(
    '/api/punti-fisici/suggest',
    {
      config: { access: 'puntiFisici:read' },
      schema: { querystring: suggestPuntiQuerySchema, response: { 200: z.array(puntoSuggestionSchema) } },
    },
    async (request) => suggestPuntiFisici(db, actorOf(request), request.query.q),
  );
};
