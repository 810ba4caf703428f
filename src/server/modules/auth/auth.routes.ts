import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInRouteContext, type SignInRoutesOptions } from '#server/modules/auth/sign-in-routes.ts';
import { msg } from '#shared/messages.ts';
import { loginSchema } from '#shared/schemas/login.ts';
import { secondFactorRequiredSchema } from '#shared/schemas/totp.ts';
import { userSchema } from '#shared/schemas/utente.ts';
import { AppError } from '#server/lib/app-error.ts';
import { toUser } from '#server/modules/utenti/utenti.service.ts';
import { authenticate } from '#server/modules/auth/auth.service.ts';
import { logAuthEvent, recordSignIn, recordSignInFailure } from '#server/modules/auth/auth.events.ts';
import { createChallenge, secondFactorDue } from '#server/modules/auth/totp.service.ts';
import { loginEnrolRoutes } from '#server/modules/auth/login-enrol.routes.ts';
import { loginSecondFactorRoutes } from '#server/modules/auth/login-second-factor.routes.ts';
import { sessionRoutes } from '#server/modules/auth/session.routes.ts';

export const authRoutes: FastifyPluginAsyncZod<SignInRoutesOptions> = async (app, options) => {
  const { deps, guard, loginRateLimit } = signInRouteContext(app, options);
  const { db } = deps;

  app.post(
    '/api/login',
    {
      config: { access: 'public', rateLimit: loginRateLimit },
      schema: { body: loginSchema, response: { 200: userSchema, 202: secondFactorRequiredSchema } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await guard.beforeAttempt(request.ip, email);
      const user = await authenticate(db, email, password);
      if (!user) {
        const throttled = await guard.recordFailure(request.ip, email);
        await recordSignInFailure(db, request, email, 'password');
        // From an address that sprays wrong passwords: 429, though a right one still signs in.
        throw throttled ?? AppError.unauthorized(msg.auth.invalidCredentials);
      }
      // The password was right; a second step may still be due. Not a session until it is done.
      // See docs/security.md#verifica-in-due-passaggi
      const due = await secondFactorDue(db, user);
      if (due) {
        const { token, expiresAt } = await createChallenge(deps, user.id, due, request.ip);
        logAuthEvent(request, { type: 'login.second_factor_required', userId: user.id, kind: due });
        return reply
          .code(202)
          .send({ secondFactor: due, challenge: token, expiresAt: expiresAt.toISOString() });
      }
      await guard.recordSuccess(request.ip, email);
      await app.startSession(request, reply, user.id);
      await recordSignIn(db, request, user, 'none');
      return reply.code(200).send(toUser(user));
    },
  );

  await app.register(loginSecondFactorRoutes, options);

  await app.register(loginEnrolRoutes, options);

  await app.register(sessionRoutes, { db });
};
