import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import {
  exportLeadsQuerySchema,
  leadDetailSchema,
  leadListItemSchema,
  leadListSchema,
  listLeadsQuerySchema,
  updateLeadStatusSchema,
} from '#shared/schemas/lead.ts';
import type { Database } from '#server/db/client.ts';
import { exportHeaders } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import {
  deleteLead,
  startLeadsExport,
  getLead,
  listLeads,
  updateLeadStatus,
} from '#server/modules/leads/leads.service.ts';
import { leadDuplicatiRoutes } from '#server/modules/leads/duplicati.routes.ts';

export const leadsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: DocumentStorage;
  consentKey: Buffer;
}> = async (app, { db, storage, consentKey }) => {
  app.get(
    '/api/leads',
    {
      config: { access: 'leads:read' },
      schema: { querystring: listLeadsQuerySchema, response: { 200: leadListSchema } },
    },
    async (request) => listLeads(db, actorOf(request), request.query),
  );

  app.get(
    '/api/leads/export',
    { config: { access: 'leads:read' }, schema: { querystring: exportLeadsQuerySchema } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const file = await startLeadsExport(db, actorOf(request), filters, format, { ip: request.ip });
      return reply.headers(exportHeaders('lead', format)).send(file);
    },
  );

  app.get(
    '/api/leads/:id',
    {
      config: { access: 'leads:read' },
      schema: { params: idParamSchema, response: { 200: leadDetailSchema } },
    },
    async (request) => getLead(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/leads/:id/status',
    {
      config: { access: 'leads:updateStatus' },
      schema: { params: idParamSchema, body: updateLeadStatusSchema, response: { 200: leadListItemSchema } },
    },
    async (request) => updateLeadStatus(db, actorOf(request), request.params.id, request.body.status),
  );

  await app.register(leadDuplicatiRoutes, { db });

  app.delete(
    '/api/leads/:id',
    {
      config: { access: 'leads:delete' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteLead(db, storage, actorOf(request), request.params.id, { consentKey, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
};
