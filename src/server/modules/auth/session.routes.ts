import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { noContentSchema } from '#shared/schemas/common.ts';
import { msg } from '#shared/messages.ts';
import { userSchema } from '#shared/schemas/utente.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { toUser } from '#server/modules/utenti/utenti.service.ts';
import { recordSignOut } from '#server/modules/auth/auth.events.ts';

/** The session itself: signing out (audited as 'uscita') and who is signed in. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { response: { 204: noContentSchema } } },
    async (request, reply) => {
      await recordSignOut(db, request, await app.endSession(request, reply));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/user',
    { config: { access: 'signedIn' }, schema: { response: { 200: userSchema } } },
    async (request) => {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.id, actorOf(request).id));
      if (!row) throw AppError.unauthorized(msg.auth.notAuthenticated);
      return toUser(row);
    },
  );
};
