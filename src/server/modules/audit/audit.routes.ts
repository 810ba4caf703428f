import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '#shared/schemas/audit.ts';
import type { Database } from '#server/db/client.ts';
import { listAudit } from '#server/modules/audit/audit.service.ts';

/** The admin reads the audit log (docs/privacy.md#registro-delle-attività). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/audit',
    {
      config: { access: 'audit:read' },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => listAudit(db, request.query),
  );
};
