import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { impostazioniResponseSchema, impostazioniSchema } from '#shared/schemas/impostazioni.ts';
import { informativaSchema } from '#shared/schemas/landing.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  getImpostazioni,
  getInformativa,
  updateImpostazioni,
} from '#server/modules/impostazioni/impostazioni.service.ts';

/** The admin's Impostazioni and the public privacy notice they feed (docs/privacy.md#informativa). */
export const impostazioniRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/impostazioni',
    { config: { access: 'impostazioni:manage' }, schema: { response: { 200: impostazioniResponseSchema } } },
    async () => getImpostazioni(db),
  );

  app.put(
    '/api/impostazioni',
    {
      config: { access: 'impostazioni:manage' },
      schema: { body: impostazioniSchema, response: { 200: impostazioniResponseSchema } },
    },
    async (request) => updateImpostazioni(db, actorOf(request), request.ip, request.body),
  );

  app.get(
    '/api/informativa',
    { config: { access: 'public' }, schema: { response: { 200: informativaSchema } } },
    async () => getInformativa(db),
  );
};
