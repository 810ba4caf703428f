import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { profiloFiscaleInputSchema, profiloFiscaleResponseSchema } from '#shared/schemas/profilo-fiscale.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { getProfiloFiscale, saveProfiloFiscale } from '#server/modules/fisco/profilo-fiscale.service.ts';
import { riepiloghiFiscaliRoutes } from '#server/modules/fisco/riepiloghi.routes.ts';

/** Fiscal profiles and, in riepiloghi.routes.ts, the admin's Enasarco and ritenute summaries (docs/product/commissions.md#profilo-fiscale). */
export const fiscoRoutes: FastifyPluginAsyncZod<{ db: Database; testClock?: boolean }> = async (
  app,
  { db, testClock = false },
) => {
  app.get(
    '/api/users/:id/profilo-fiscale',
    {
      config: { access: 'profiliFiscali:manage' },
      schema: { params: idParamSchema, response: { 200: profiloFiscaleResponseSchema } },
    },
    async (request) => getProfiloFiscale(db, request.params.id),
  );

  app.put(
    '/api/users/:id/profilo-fiscale',
    {
      config: { access: 'profiliFiscali:manage' },
      schema: {
        params: idParamSchema,
        body: profiloFiscaleInputSchema,
        response: { 200: profiloFiscaleResponseSchema },
      },
    },
    async (request) => saveProfiloFiscale(db, actorOf(request), request.params.id, request.body, request.ip),
  );

  await app.register(riepiloghiFiscaliRoutes, { db, testClock });
};
