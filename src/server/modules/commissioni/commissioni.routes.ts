import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as s from '#shared/schemas/commissione.ts';
import { idParamSchema as params, noContentSchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { sendCommissioniExport } from '#server/modules/commissioni/commissioni-export.ts';
import * as svc from '#server/modules/commissioni/commissioni.service.ts';

/** Commissions: the suppliers' configuration, the list, its export, one commission, payment, deletion. */
export const commissioniRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The configuration has two paths (the original client used both): both are served.
  for (const base of ['/api/commissioni-fornitori', '/api/commission-settings']) {
    const config = { access: 'commissioniConfig:manage' } as const;
    app.get(base, { config, schema: { response: { 200: z.array(s.commissioneConfigSchema) } } }, async () =>
      svc.listConfigs(db),
    );
    app.post(
      base,
      {
        config,
        schema: {
          body: s.commissioneConfigBodySchema,
          response: { 200: s.commissioneConfigSchema, 201: s.commissioneConfigSchema },
        },
      },
      async (request, reply) => {
        const { config: saved, created } = await svc.saveConfig(db, actorOf(request), request.body);
        return reply.code(created ? 201 : 200).send(saved);
      },
    );
  }

  const read = { access: 'commissioni:read' } as const;
  app.get(
    '/api/commissioni',
    {
      config: read,
      schema: { querystring: s.listCommissioniQuerySchema, response: { 200: s.commissioniListSchema } },
    },
    async (request) => svc.listCommissioni(db, actorOf(request), request.query),
  );

  app.get(
    '/api/commissioni/export',
    { config: read, schema: { querystring: s.exportCommissioniQuerySchema } },
    async (request, reply) => sendCommissioniExport(db, request, request.query, reply),
  );

  app.get(
    '/api/commissioni/:id',
    { config: read, schema: { params, response: { 200: s.commissioneSchema } } },
    async (request) => svc.getCommissione(db, actorOf(request), request.params.id),
  );

  // Clients use both methods; both are served.
  for (const method of ['PUT', 'PATCH'] as const)
    app.route({
      method,
      url: '/api/commissioni/:id/payment',
      config: { access: 'commissioni:updatePayment' },
      schema: { params, body: s.paymentBodySchema, response: { 200: s.commissioneSchema } },
      handler: async (request) => svc.updatePayment(db, actorOf(request), request.params.id, request.body),
    });

  app.delete(
    '/api/commissioni/:id',
    { config: { access: 'commissioni:delete' }, schema: { params, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await svc.deleteCommissione(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
