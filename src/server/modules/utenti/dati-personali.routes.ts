import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import { romeDateKey } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { eraseDatiUtente, exportDatiUtente } from '#server/modules/utenti/dati-personali.ts';

/** A staff member's own data, exported and erased (docs/privacy.md#dati-dello-staff). Admin only. */
export const datiPersonaliUtentiRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users/:id/personal-data',
    { config: { access: 'users:exportPersona' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const dati = await exportDatiUtente(db, actorOf(request), id, request.ip);
      return reply
        .headers({
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="dati-personali-utente-${id}-${romeDateKey(new Date())}.json"`,
        })
        .send(JSON.stringify(dati, null, 2));
    },
  );

  app.post(
    '/api/users/:id/erase',
    {
      config: { access: 'users:erase' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await eraseDatiUtente(db, actorOf(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );
};
