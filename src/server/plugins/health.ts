import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import type { Database } from '#server/db/client.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<'ok' | 'non raggiungibile'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'non raggiungibile';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For the load balancer and the operator (docs/deploy.md#controlli-di-salute): `/healthz` says
 * the process is alive; `/readyz` that it can serve, with the database and the document store
 * reachable (503 otherwise, and while shutting down, so traffic moves to the other instances).
 */
export const healthPlugin = fp<{ db: Database; storage: DocumentStorage }>(
  async (app: FastifyInstance, { db, storage }) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );

    app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
      const [database, documenti] = await Promise.all([
        probe(() => db.execute(sql`select 1`)),
        probe(() => storage.check()),
      ]);
      const ready = !closing && database === 'ok' && documenti === 'ok';
      void reply.header('cache-control', 'no-store');
      if (ready) return reply.send({ status: 'ok', database, documenti });
      return reply.code(503).send({
        status: closing ? 'in chiusura' : 'non pronto',
        message: msg.common.serviceUnavailable,
        code: 'NOT_READY',
        database,
        documenti,
      });
    });
  },
);
