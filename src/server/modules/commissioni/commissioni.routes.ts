import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commissioneConfigBodySchema,
  commissioneConfigSchema,
  commissioneSchema,
  commissioniListSchema,
  exportCommissioniQuerySchema,
  listCommissioniQuerySchema,
  paymentBodySchema,
} from '#shared/schemas/commissione.ts';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/client.ts';
import { exportHeaders } from '#server/lib/tabular-export.ts';
import { auditSource, recordAudit } from '#server/modules/audit/audit.service.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  deleteCommissione,
  exportCommissioni,
  getCommissione,
  listCommissioni,
  listConfigs,
  saveConfig,
  updatePayment,
} from '#server/modules/commissioni/commissioni.service.ts';

export const commissioniRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The configuration has two paths (the original client used both): both are served.
  for (const base of ['/api/commissioni-fornitori', '/api/commission-settings']) {
    app.get(
      base,
      {
        config: { access: 'commissioniConfig:manage' },
        schema: { response: { 200: z.array(commissioneConfigSchema) } },
      },
      async () => listConfigs(db),
    );
    app.post(
      base,
      {
        config: { access: 'commissioniConfig:manage' },
        schema: {
          body: commissioneConfigBodySchema,
          response: { 200: commissioneConfigSchema, 201: commissioneConfigSchema },
        },
      },
      async (request, reply) => {
        const { config, created } = await saveConfig(db, actorOf(request), request.body);
        return reply.code(created ? 201 : 200).send(config);
      },
    );
  }

  app.get(
    '/api/commissioni',
    {
      config: { access: 'commissioni:read' },
      schema: { querystring: listCommissioniQuerySchema, response: { 200: commissioniListSchema } },
    },
    async (request) => listCommissioni(db, actorOf(request), request.query),
  );

  app.get(
    '/api/commissioni/export',
    { config: { access: 'commissioni:read' }, schema: { querystring: exportCommissioniQuerySchema } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      await recordAudit(db, {
        tipo: 'esportazione',
        ...auditSource(request),
        oggetto: { tipo: 'commissioni' },
        dettagli: { formato: format, filtri: filters },
      });
      return reply
        .headers(exportHeaders('commissioni', format))
        .send(exportCommissioni(db, actorOf(request), filters, format));
    },
  );

  app.get(
    '/api/commissioni/:id',
    {
      config: { access: 'commissioni:read' },
      schema: { params: idParamSchema, response: { 200: commissioneSchema } },
    },
    async (request) => getCommissione(db, actorOf(request), request.params.id),
  );

  // Clients use both methods; both are served.
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/commissioni/:id/payment',
      config: { access: 'commissioni:updatePayment' },
      schema: { params: idParamSchema, body: paymentBodySchema, response: { 200: commissioneSchema } },
      handler: async (request) => updatePayment(db, actorOf(request), request.params.id, request.body),
    });
  }

  app.delete(
    '/api/commissioni/:id',
    {
      config: { access: 'commissioni:delete' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteCommissione(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
