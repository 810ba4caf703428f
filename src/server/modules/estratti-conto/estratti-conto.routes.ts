import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  beneficiariListSchema,
  beneficiarioParamSchema,
  estrattiPeriodoQuerySchema,
  estrattoQuerySchema,
} from '#shared/schemas/estratto-conto.ts';
import type { Database } from '#server/db/client.ts';
import { auditSource, recordAudit } from '#server/modules/audit/audit.service.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { contentDisposition } from '#server/modules/landing/landing.routes.ts';
import { buildEstratto, listBeneficiari } from '#server/modules/estratti-conto/estratti-conto.service.ts';
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
      // The payees are listed before the first byte: a wrong period still answers 400 in JSON.
      const { beneficiari } = await listBeneficiari(db, periodo);
      await recordAudit(db, {
        tipo: 'esportazione',
        ...auditSource(request),
        oggetto: { tipo: 'estratti_conto' },
        dettagli: { formato: 'zip', periodo, beneficiari: beneficiari.length },
      });
      const stream = streamEstrattiZip(db, actorOf(request), periodo, beneficiari, request.log);
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
      const { periodo, formato } = request.query;
      const estratto = await buildEstratto(db, actorOf(request), request.params.beneficiarioId, periodo);
      await recordAudit(db, {
        tipo: 'esportazione',
        ...auditSource(request),
        oggetto: { tipo: 'estratto_conto', id: request.params.beneficiarioId },
        dettagli: { formato, periodo, numero: estratto.numero },
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
