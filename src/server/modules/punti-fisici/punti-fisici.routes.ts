import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import { idParamSchema, messageSchema, noContentSchema } from '#shared/schemas/common.ts';
import {
  createPuntoFisicoSchema,
  listPuntiQuerySchema,
  puntiFisiciPageSchema,
  puntoFisicoSchema,
  puntoFisicoStatsSchema,
  puntoSuggestionSchema,
  suggestPuntiQuerySchema,
  updatePuntoFisicoSchema,
} from '#shared/schemas/punto-fisico.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { buildLocandina, LOCANDINA_SERVIZI } from '#server/modules/punti-fisici/locandina.ts';
import {
  createPuntoFisico,
  deletePuntoFisico,
  getPuntoFisico,
  getPuntoFisicoStats,
  listPuntiFisici,
  puntoQrSvg,
  suggestPuntiFisici,
  updatePuntoFisico,
  updateQrCodes,
} from '#server/modules/punti-fisici/punti-fisici.service.ts';

/** A file name safe in a Content-Disposition header, from the shop name. */
function posterFilename(nomeAttivita: string): string {
  const slug = nomeAttivita
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `locandina-${slug || 'punto-fisico'}.pdf`;
}

export const puntiFisiciRoutes: FastifyPluginAsyncZod<{ db: Database; publicBaseUrl: string }> = async (
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

  app.get(
    '/api/punti-fisici/:id/stats',
    {
      config: { access: 'puntiFisici:read' },
      schema: { params: idParamSchema, response: { 200: puntoFisicoStatsSchema } },
    },
    async (request) => getPuntoFisicoStats(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/punti-fisici/:id/qr.svg',
    { config: { access: 'puntiFisici:read' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      const svg = await puntoQrSvg(ctx, actorOf(request), request.params.id);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(svg);
    },
  );

  app.get(
    '/api/punti-fisici/:id/locandina.pdf',
    { config: { access: 'puntiFisici:read' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      const punto = await getPuntoFisico(ctx, actorOf(request), request.params.id);
      const servizi =
        punto.landingCode === DEMO_LANDING_CODE
          ? [
              ...LOCANDINA_SERVIZI,
              { nome: 'Finanziamenti', descrizione: 'Prestiti e Mutui' },
              { nome: 'Assicurazioni', descrizione: 'Auto, Casa, Vita' },
            ]
          : LOCANDINA_SERVIZI;
      const pdf = await buildLocandina({
        nomeAttivita: punto.nomeAttivita,
        indirizzo: punto.indirizzo,
        urlLanding: punto.urlLanding,
        servizi,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${posterFilename(punto.nomeAttivita)}"`)
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/api/admin/update-qr-codes',
    {
      config: { access: 'qrCodes:update' },
      schema: { response: { 200: messageSchema.extend({ updated: z.number().int() }) } },
    },
    async () => {
      const { message, updated } = await updateQrCodes(ctx);
      return { message, updated };
    },
  );
};
