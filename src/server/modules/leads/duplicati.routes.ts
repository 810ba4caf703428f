import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { leadDetailSchema, leadDuplicatoBodySchema } from '#shared/schemas/lead.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { keepLeadsApart, mergeLeads } from '#server/modules/leads/duplicati.service.ts';
import { getLead } from '#server/modules/leads/leads.service.ts';

/**
 * Possible duplicates (same phone or e-mail): merge the other into this one, or keep them apart.
 * Both answer the kept lead's detail. See docs/product/lifecycle.md#doppioni
 */
export const leadDuplicatiRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};
