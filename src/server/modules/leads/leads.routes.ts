import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import {
  exportLeadsQuerySchema,
  leadDetailSchema,
  leadDuplicatoBodySchema,
  leadListItemSchema,
  leadListSchema,
  listLeadsQuerySchema,
  updateLeadStatusSchema,
} from '#shared/schemas/lead.ts';
import type { Database } from '#server/db/client.ts';
import { exportHeaders } from '#server/lib/tabular-export.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { auditSource, recordAudit } from '#server/modules/audit/audit.service.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { keepLeadsApart, mergeLeads } from '#server/modules/leads/duplicati.service.ts';
import {
  deleteLead,
  exportLeads,
  getLead,
  listLeads,
  updateLeadStatus,
} from '#server/modules/leads/leads.service.ts';

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
      await recordAudit(db, {
        tipo: 'esportazione',
        ...auditSource(request),
        oggetto: { tipo: 'lead' },
        dettagli: { formato: format, filtri: filters },
      });
      return reply
        .headers(exportHeaders('lead', format))
        .send(exportLeads(db, actorOf(request), filters, format));
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

  // Possible duplicates (same phone or e-mail): merge the other into this one, or keep them
  // apart. Both answer the kept lead's detail. See docs/product/lifecycle.md#doppioni
  for (const [action, decide] of [
    ['unisci', mergeLeads],
    ['tieni-separati', keepLeadsApart],
  ] as const) {
    app.post(
      `/api/leads/:id/${action}`,
      {
        config: { access: 'leads:merge' },
        schema: { params: idParamSchema, body: leadDuplicatoBodySchema, response: { 200: leadDetailSchema } },
      },
      async (request) => {
        const actor = actorOf(request);
        await decide(db, actor, request.params.id, request.body.altroLeadId);
        return getLead(db, actor, request.params.id);
      },
    );
  }

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
