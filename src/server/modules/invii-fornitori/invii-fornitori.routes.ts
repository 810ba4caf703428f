import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as s from '#shared/schemas/invii-fornitori.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import * as svc from '#server/modules/invii-fornitori/invii-fornitori.service.ts';
import { inviiLottiRoutes } from '#server/modules/invii-fornitori/invii-lotti.routes.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';

/** Supplier layouts and 'Da inviare' (docs/product/fornitori-invii.md); the batches in invii-lotti.routes.ts. */
export const inviiFornitoriRoutes: FastifyPluginAsyncZod<{ db: Database; storage: DocumentStorage }> = async (
  app,
  { db, storage },
) => {
  const access = 'inviiFornitori:manage' as const;
  const tracciato = '/api/invii-fornitori/:fornitoreId/tracciati/:tipoServizio';
  const tracciatoSchema = { params: s.tracciatoParamsSchema, response: { 200: s.tracciatoSchema } };
  app.get(tracciato, { config: { access }, schema: tracciatoSchema }, async (request) =>
    svc.getTracciato(db, request.params.fornitoreId, request.params.tipoServizio),
  );
  app.put(
    tracciato,
    { config: { access }, schema: { ...tracciatoSchema, body: s.tracciatoBodySchema } },
    async (request) =>
      svc.saveTracciato(db, actorOf(request), request.ip, { ...request.params, ...request.body }),
  );
  const params = s.fornitoreParamsSchema;
  app.post(
    '/api/invii-fornitori/:fornitoreId/anteprima',
    {
      config: { access },
      schema: { params, body: s.anteprimaBodySchema, response: { 200: s.anteprimaSchema } },
    },
    async (request) => svc.anteprima(db, actorOf(request), request.params.fornitoreId, request.body),
  );
  app.get(
    '/api/invii-fornitori/:fornitoreId/da-inviare',
    {
      config: { access },
      schema: { params, querystring: s.daInviareQuerySchema, response: { 200: s.daInviarePageSchema } },
    },
    async (request) => svc.listDaInviare(db, actorOf(request), request.params.fornitoreId, request.query),
  );
  await app.register(inviiLottiRoutes, { db, storage });
};
