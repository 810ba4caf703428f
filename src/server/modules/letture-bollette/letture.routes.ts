import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  propostaParamSchema,
  propostaSchema,
  proposteServizioSchema,
} from '#shared/schemas/proposte-scheda.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { decideProposta, getProposte } from '#server/modules/letture-bollette/letture.service.ts';

/** What the bill reader proposes for a service's scheda, and the operator's decisions (docs/product/lettura-bolletta.md). */
export const lettureRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/servizi/:id/proposte',
    {
      config: { access: 'servizi:readProposte' },
      schema: { params: idParamSchema, response: { 200: proposteServizioSchema } },
    },
    async (request) => getProposte(db, actorOf(request), request.params.id),
  );

  for (const [azione, decisione] of [
    ['accetta', 'accettata'],
    ['rifiuta', 'rifiutata'],
  ] as const) {
    app.post(
      `/api/servizi/:id/proposte/:pid/${azione}`,
      {
        config: { access: 'servizi:decideProposte' },
        schema: { params: propostaParamSchema, response: { 200: propostaSchema } },
      },
      async (request) =>
        decideProposta(db, actorOf(request), request.params.id, request.params.pid, decisione),
    );
  }
};
