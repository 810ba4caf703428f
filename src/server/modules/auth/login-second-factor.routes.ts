import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInRouteContext, type SignInRoutesOptions } from '#server/modules/auth/sign-in-routes.ts';
import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { loginSecondFactorSchema } from '#shared/schemas/totp.ts';
import { userSchema } from '#shared/schemas/utente.ts';
import { AppError } from '#server/lib/app-error.ts';
import { toUser } from '#server/modules/utenti/utenti.service.ts';
import { logAuthEvent, recordSignIn, recordSignInFailure } from '#server/modules/auth/auth.events.ts';
import {
  closeChallenge,
  countChallengeFailure,
  openChallenge,
  useRecoveryCode,
  verifyTotpCode,
} from '#server/modules/auth/totp.service.ts';

/** The second step of a sign-in: a code of the app or a recovery code completes it (docs/security.md#verifica-in-due-passaggi). */
export const loginSecondFactorRoutes: FastifyPluginAsyncZod<SignInRoutesOptions> = async (app, options) => {
  const { deps, guard, loginRateLimit } = signInRouteContext(app, options);
  const { db, box } = deps;

  app.post(
    '/api/login/second-factor',
    {
      config: { access: 'public', rateLimit: loginRateLimit },
      schema: {
        body: loginSecondFactorSchema,
        response: { 200: userSchema.extend({ recoveryCodesLeft: z.number().int().optional() }) },
      },
    },
    async (request, reply) => {
      const challenge = await openChallenge(deps, request.body.challenge, 'totp');
      const { user } = challenge;
      // Wrong codes count with wrong passwords, per account and address (auth.service.ts).
      await guard.beforeAttempt(request.ip, user.email);
      const { method, code } = request.body;
      let used: Awaited<ReturnType<typeof useRecoveryCode>> = null;
      const ok =
        method === 'totp'
          ? await verifyTotpCode(db, box, user.id, code)
          : (used = await useRecoveryCode(db, user, code, request.ip)) != null;
      if (!ok) {
        const [throttled] = await Promise.all([
          guard.recordFailure(request.ip, user.email),
          countChallengeFailure(db, challenge.id),
        ]);
        await recordSignInFailure(db, request, user.email, method);
        if (throttled) throw throttled;
        throw new AppError(
          401,
          'INVALID_CODE',
          method === 'totp' ? msg.totp.invalidCode : msg.totp.invalidRecoveryCode,
        );
      }
      await closeChallenge(db, challenge.id);
      await guard.recordSuccess(request.ip, user.email);
      await app.startSession(request, reply, user.id);
      if (used) logAuthEvent(request, used);
      await recordSignIn(db, request, user, method);
      // After a recovery code the user is told how many are left (the sign-in page says so).
      return used ? { ...toUser(user), recoveryCodesLeft: used.left } : toUser(user);
    },
  );
};
