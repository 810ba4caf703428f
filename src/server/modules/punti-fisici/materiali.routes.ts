import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, messageSchema } from '#shared/schemas/common.ts';
import { puntoFisicoStatsSchema } from '#shared/schemas/punto-fisico.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { puntoLocandina } from '#server/modules/punti-fisici/locandina.ts';
import {
  getPuntoFisicoStats,
  getPuntoFisico,
  puntoQrSvg,
  updateQrCodes,
} from '#server/modules/punti-fisici/punti-fisici.service.ts';

/** A point's numbers and printed material: its landing's QR code, the A4 poster, and the admin's regeneration of every QR code. */
export const materialiPuntoRoutes: FastifyPluginAsyncZod<{ db: Database; publicBaseUrl: string }> = async (
  app,
  { db, publicBaseUrl },
) => {
  const ctx = { db, publicBaseUrl };

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
      const { pdf, filename } = await puntoLocandina(punto);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pdf);
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
