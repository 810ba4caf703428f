import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInRouteContext, type SignInRoutesOptions } from '#server/modules/auth/sign-in-routes.ts';
import {
  loginChallengeSchema,
  loginEnrolConfirmSchema,
  loginEnrolResultSchema,
  totpEnrolmentSchema,
} from '#shared/schemas/totp.ts';
import { AppError } from '#server/lib/app-error.ts';
import { toUser } from '#server/modules/utenti/utenti.service.ts';
import { logAuthEvent, recordSignIn } from '#server/modules/auth/auth.events.ts';
import {
  closeChallenge,
  confirmEnrolment,
  countChallengeFailure,
  openChallenge,
  startEnrolment,
} from '#server/modules/auth/totp.service.ts';

/** A role that requires the second factor: its user enrols right after the password, and the confirmed code completes the sign-in (docs/security.md#verifica-in-due-passaggi). */
export const loginEnrolRoutes: FastifyPluginAsyncZod<SignInRoutesOptions> = async (app, options) => {
  const { deps, guard, loginRateLimit } = signInRouteContext(app, options);
  const { db } = deps;

  app.post(
    '/api/login/enrol',
    {
      config: { access: 'public', rateLimit: loginRateLimit },
      schema: { body: loginChallengeSchema, response: { 200: totpEnrolmentSchema } },
    },
    async (request) => {
      const { user } = await openChallenge(deps, request.body.challenge, 'enrol');
      return startEnrolment(deps, user);
    },
  );

  app.post(
    '/api/login/enrol/confirm',
    {
      config: { access: 'public', rateLimit: loginRateLimit },
      schema: { body: loginEnrolConfirmSchema, response: { 200: loginEnrolResultSchema } },
    },
    async (request, reply) => {
      const challenge = await openChallenge(deps, request.body.challenge, 'enrol');
      const { user } = challenge;
      await guard.beforeAttempt(request.ip, user.email);
      let result;
      try {
        result = await confirmEnrolment(deps, user, request.body.code, null, request.ip);
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CODE') {
          await Promise.all([
            guard.recordFailure(request.ip, user.email),
            countChallengeFailure(db, challenge.id),
          ]);
        }
        throw error;
      }
      await closeChallenge(db, challenge.id);
      await guard.recordSuccess(request.ip, user.email);
      await app.startSession(request, reply, user.id);
      logAuthEvent(request, result.event);
      await recordSignIn(db, request, user, 'enrolled');
      return { user: toUser(user), recoveryCodes: result.recoveryCodes };
    },
  );
};
