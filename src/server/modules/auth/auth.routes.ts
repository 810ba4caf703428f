import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import { loginSchema } from '#shared/schemas/auth.ts';
import { userSchema } from '#shared/schemas/utente.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { toUser } from '../utenti/utenti.service';
import { routeRateLimit } from '#server/plugins/rate-limit.ts';
import { authenticate, createLoginGuard, LOGIN_REQUEST_LIMIT } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const guard = createLoginGuard(app.counters);

  app.post(
    '/api/login',
    {
      config: {
        access: 'public',
        rateLimit: routeRateLimit(LOGIN_REQUEST_LIMIT, msg.auth.tooManyAttempts),
      },
      schema: { body: loginSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await guard.beforeAttempt(request.ip, email);
      const user = await authenticate(db, email, password);
      if (!user) {
        await guard.recordFailure(request.ip, email);
        await recordAudit(db, { tipo: 'accesso_fallito', who: { email }, ip: request.ip });
        throw AppError.unauthorized(msg.auth.invalidCredentials);
      }
      await guard.recordSuccess(request.ip, email);
      await app.startSession(request, reply, user.id);
      await recordAudit(db, { tipo: 'accesso', who: user, ip: request.ip });
      return toUser(user);
    },
  );

  app.post('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    const userId = await app.endSession(request, reply);
    const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
    if (user) await recordAudit(db, { tipo: 'uscita', who: user, ip: request.ip });
    return reply.code(204).send();
  });

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
