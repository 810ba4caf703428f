import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as s from '#shared/schemas/invii-fornitori.ts';
import type { Database } from '#server/db/client.ts';
import { exportHeaders } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import * as svc from '#server/modules/invii-fornitori/invii-fornitori.service.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';

/** Batches sent to a supplier: export, list, 'Invia di nuovo', download (docs/product/fornitori-invii.md#lotti). */
export const inviiLottiRoutes: FastifyPluginAsyncZod<{ db: Database; storage: DocumentStorage }> = async (
  app,
  { db, storage },
) => {
  const access = 'inviiFornitori:manage' as const;
  const params = s.fornitoreParamsSchema;
  const lotti = '/api/invii-fornitori/:fornitoreId/lotti';
  app.post(
    lotti,
    { config: { access }, schema: { params, body: s.lottoBodySchema, response: { 201: s.lottoSchema } } },
    async (request, reply) => {
      const { fornitoreId } = request.params;
      const lotto = await svc.createLotto(
        db,
        storage,
        actorOf(request),
        request.ip,
        fornitoreId,
        request.body,
      );
      return reply.code(201).send(lotto);
    },
  );
  app.get(
    lotti,
    {
      config: { access },
      schema: { params, querystring: s.lottiQuerySchema, response: { 200: s.lottiPageSchema } },
    },
    async (request) => svc.listLotti(db, request.params.fornitoreId, request.query),
  );
  const lotto = { params: s.lottoParamsSchema };
  app.post(
    '/api/invii-lotti/:id/reinvio',
    { config: { access }, schema: { ...lotto, body: s.reinvioBodySchema, response: { 201: s.lottoSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const nuovo = await svc.reinviaLotto(
        db,
        storage,
        actorOf(request),
        request.ip,
        id,
        request.body.formato,
      );
      return reply.code(201).send(nuovo);
    },
  );
  app.get('/api/invii-lotti/:id/file', { config: { access }, schema: lotto }, async (request, reply) => {
    const file = await svc.lottoFile(db, storage, actorOf(request), request.ip, request.params.id);
    return reply
      .headers(exportHeaders('lotto', file.formato))
      .header('content-disposition', contentDisposition('attachment', file.nome))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
};
