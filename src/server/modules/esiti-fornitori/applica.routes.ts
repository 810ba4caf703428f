import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common.ts';
import { esitiCaricamentoSchema } from '#shared/schemas/esiti-fornitori.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { runEsiti, startEsiti } from '#server/modules/esiti-fornitori/esiti.service.ts';

const access = { access: 'esitiFornitori:manage' } as const;

/** Applying an upload's outcomes as a job in the background (docs/product/fornitori-esiti.md); the jobs still running when the app closes are waited for. */
export const applicaEsitiRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicBaseUrl: string;
  notify: () => void;
}> = async (app, { db, publicBaseUrl, notify }) => {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });

  app.post(
    '/api/esiti-fornitori/:id/applica',
    { config: access, schema: { params: idParamSchema, response: { 202: esitiCaricamentoSchema } } },
    async (request, reply) => {
      const started = await startEsiti(db, request.params.id);
      const job = runEsiti({ db, publicBaseUrl, notify }, actorOf(request), started.id, { ip: request.ip })
        .catch((error: unknown) =>
          app.log.error({ err: error, esiti: started.id }, 'esiti fornitore falliti'),
        )
        .finally(() => running.delete(job));
      running.add(job);
      return reply.code(202).send(started);
    },
  );
};
