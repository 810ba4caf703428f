import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import {
  esitoPostAttivazioneBodySchema,
  esitoPostAttivazioneResultSchema,
  periodiRipensamentoResponseSchema,
  periodiRipensamentoSchema,
} from '#shared/schemas/maturazione.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { registraEsitoPostAttivazione } from '#server/modules/maturazione/esiti.service.ts';
import { getPeriodi, savePeriodi } from '#server/modules/maturazione/periodi.service.ts';

export interface MaturazioneRoutesOptions {
  db: Database;
  publicBaseUrl: string;
  /** Called after an outcome committed: the outbox worker sends its e-mails now. */
  notify: () => void;
  /** Honour the test clock header (NODE_ENV=test only): the outcome is recorded on that day. */
  testClock?: boolean;
}

/** Withdrawal periods (Impostazioni) and outcomes after activation (docs/product/lifecycle.md#esiti-dopo-lattivazione). */
export const maturazioneRoutes: FastifyPluginAsyncZod<MaturazioneRoutesOptions> = async (
  app,
  { db, publicBaseUrl, notify, testClock = false },
) => {
  app.get(
    '/api/impostazioni/ripensamento',
    {
      config: { access: 'impostazioni:manage' },
      schema: { response: { 200: periodiRipensamentoResponseSchema } },
    },
    async () => getPeriodi(db),
  );

  app.put(
    '/api/impostazioni/ripensamento',
    {
      config: { access: 'impostazioni:manage' },
      schema: { body: periodiRipensamentoSchema, response: { 200: periodiRipensamentoResponseSchema } },
    },
    async (request) => savePeriodi(db, actorOf(request), request.ip, request.body),
  );

  app.post(
    '/api/servizi/:id/esito',
    {
      config: { access: 'servizi:updateStatus' },
      schema: {
        params: idParamSchema,
        body: esitoPostAttivazioneBodySchema,
        response: { 200: esitoPostAttivazioneResultSchema },
      },
    },
    async (request) => {
      const result = await registraEsitoPostAttivazione(
        db,
        actorOf(request),
        request.params.id,
        request.body,
        {
          now: requestNow(request, testClock),
          notifiche: { publicBaseUrl },
        },
      );
      notify();
      return result;
    },
  );
};
