import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import { impostaPasswordSchema } from '#shared/schemas/utente.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { routeRateLimit } from '#server/plugins/rate-limit.ts';
import { LOGIN_REQUEST_LIMIT } from '#server/modules/auth/auth.service.ts';
import { sendInvitation, setPasswordWithInvitation } from '#server/modules/utenti/inviti.ts';

/** Password invitations: the admin's 'Invia invito' and the public set-password page. */
export const invitiRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicBaseUrl: string;
  notify: () => void;
  testClock: boolean;
}> = async (app, { db, publicBaseUrl, notify, testClock }) => {
  app.post(
    '/api/users/:id/invito',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const now = requestNow(request, testClock);
      await sendInvitation(db, actorOf(request), request.params.id, { publicBaseUrl, now }, request.ip);
      notify();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/imposta-password',
    {
      config: { access: 'public', rateLimit: routeRateLimit(LOGIN_REQUEST_LIMIT, msg.auth.tooManyAttempts) },
      schema: { body: impostaPasswordSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await setPasswordWithInvitation(db, request.body, requestNow(request, testClock), request.ip);
      return reply.code(204).send(null);
    },
  );
};
