import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import { updateRoleSchema, userSchema } from '#shared/schemas/utente.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { logAuthEvent } from '#server/modules/auth/auth.events.ts';
import { resetUserTotp, unlockSignIn, updateUserRole } from '#server/modules/utenti/utenti.service.ts';

/** What a user may do and how they get in, as the admin sets it: role, sign-in lock, second factor. */
export const utentiAccessoRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.patch(
    '/api/users/:id/role',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, body: updateRoleSchema, response: { 200: userSchema } },
    },
    async (request) => updateUserRole(db, actorOf(request), request.params.id, request.body, request.ip),
  );

  /** Lifts a sign-in lock left by too many wrong passwords (docs/security.md#limiti-di-accesso). */
  app.post(
    '/api/users/:id/sblocca-accesso',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await unlockSignIn(db, app.counters, actorOf(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/users/:id/totp',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      logAuthEvent(request, await resetUserTotp(db, actorOf(request), request.params.id, request.ip));
      return reply.code(204).send(null);
    },
  );
};
