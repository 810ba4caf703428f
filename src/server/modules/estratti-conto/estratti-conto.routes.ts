import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  beneficiariListSchema,
  beneficiarioParamSchema,
  estrattiPeriodoQuerySchema,
  estrattoQuerySchema,
} from '#shared/schemas/estratto-conto.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { contentDisposition } from '#server/lib/content-disposition.ts';
import {
  exportEstratto,
  listBeneficiari,
  startEstrattiZip,
} from '#server/modules/estratti-conto/estratti-conto.service.ts';
import { estrattoFileName, streamEstrattiZip } from '#server/modules/estratti-conto/estratti-zip.ts';
import { renderEstrattoPdf } from '#server/modules/estratti-conto/estratto-pdf.ts';
import { estrattoXlsxBuffer } from '#server/modules/estratti-conto/estratto-xlsx.ts';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;

/** Commission statements (docs/product/commissions.md#estratto-conto). */
export const estrattiContoRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/estratti-conto/beneficiari',
    {
      config: { access: 'estrattiConto:readAll' },
      schema: { querystring: estrattiPeriodoQuerySchema, response: { 200: beneficiariListSchema } },
    },
    async (request) => listBeneficiari(db, request.query.periodo),
  );

  app.get(
    '/api/estratti-conto/zip',
    { config: { access: 'estrattiConto:readAll' }, schema: { querystring: estrattiPeriodoQuerySchema } },
    async (request, reply) => {
      const { periodo } = request.query;
      const actor = actorOf(request);
      const beneficiari = await startEstrattiZip(db, actor, periodo, { ip: request.ip });
      const stream = streamEstrattiZip(db, actor, periodo, beneficiari, request.log);
      return reply
        .type(CONTENT_TYPES.zip)
        .header('content-disposition', contentDisposition('attachment', `estratti-conto-${periodo}.zip`))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/estratti-conto/:beneficiarioId',
    {
      config: { access: 'estrattiConto:read' },
      schema: { params: beneficiarioParamSchema, querystring: estrattoQuerySchema },
    },
    async (request, reply) => {
      const { formato } = request.query;
      const { beneficiarioId } = request.params;
      const estratto = await exportEstratto(db, actorOf(request), beneficiarioId, request.query, {
        ip: request.ip,
      });
      reply
        .type(CONTENT_TYPES[formato])
        .header('content-disposition', contentDisposition('attachment', estrattoFileName(estratto, formato)))
        .header('cache-control', 'private, no-store')
        .header('x-estratto-numero', estratto.numero);
      return reply.send(formato === 'pdf' ? renderEstrattoPdf(estratto) : await estrattoXlsxBuffer(estratto));
    },
  );
};
