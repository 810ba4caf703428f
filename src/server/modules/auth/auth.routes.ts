import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { noContentSchema } from '#shared/schemas/common.ts';
import { msg } from '#shared/messages.ts';
import { loginSchema } from '#shared/schemas/login.ts';
import {
  loginChallengeSchema,
  loginEnrolConfirmSchema,
  loginEnrolResultSchema,
  loginSecondFactorSchema,
  secondFactorRequiredSchema,
  totpEnrolmentSchema,
} from '#shared/schemas/totp.ts';
import { userSchema } from '#shared/schemas/utente.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { toUser } from '#server/modules/utenti/utenti.service.ts';
import { routeRateLimit } from '#server/plugins/rate-limit.ts';
import { authenticate, createLoginGuard, LOGIN_REQUEST_LIMIT } from '#server/modules/auth/auth.service.ts';
import { recordAuthEvent } from '#server/modules/auth/auth.events.ts';
import {
  closeChallenge,
  confirmEnrolment,
  countChallengeFailure,
  createChallenge,
  openChallenge,
  secondFactorDue,
  startEnrolment,
  useRecoveryCode,
  verifyTotpCode,
} from '#server/modules/auth/totp.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  box: SecretBox;
  sessionSecret: string;
}> = async (app, { db, box, sessionSecret }) => {
  const guard = createLoginGuard(app.counters);
  const deps = { db, box, sessionSecret };
  const loginRateLimit = routeRateLimit(LOGIN_REQUEST_LIMIT, msg.auth.tooManyAttempts);

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
        await recordAuthEvent(db, request, { type: 'login.failed', reason: 'password' });
        await recordAudit(db, { tipo: 'accesso_fallito', who: { email }, ip: request.ip });
        // From an address that sprays wrong passwords: 429, though a right one still signs in.
        throw throttled ?? AppError.unauthorized(msg.auth.invalidCredentials);
      }
      // The password was right; a second step may still be due. Not a session until it is done.
      // See docs/security.md#verifica-in-due-passaggi
      const due = await secondFactorDue(db, user);
      if (due) {
        const { token, expiresAt } = await createChallenge(deps, user.id, due, request.ip);
        await recordAuthEvent(db, request, {
          type: 'login.second_factor_required',
          userId: user.id,
          kind: due,
        });
        return reply
          .code(202)
          .send({ secondFactor: due, challenge: token, expiresAt: expiresAt.toISOString() });
      }
      await guard.recordSuccess(request.ip, email);
      await app.startSession(request, reply, user.id);
      await recordAuthEvent(db, request, { type: 'login.succeeded', userId: user.id, secondFactor: 'none' });
      await recordAudit(db, { tipo: 'accesso', who: user, ip: request.ip });
      return reply.code(200).send(toUser(user));
    },
  );

  /** The second step: a code of the app or a recovery code completes the sign-in. */
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
      let left: number | null = null;
      const ok =
        method === 'totp'
          ? await verifyTotpCode(db, box, user.id, code)
          : (left = await useRecoveryCode(db, user.id, code)) != null;
      if (!ok) {
        const [throttled] = await Promise.all([
          guard.recordFailure(request.ip, user.email),
          countChallengeFailure(db, challenge.id),
        ]);
        await recordAuthEvent(db, request, { type: 'login.failed', reason: method });
        await recordAudit(db, { tipo: 'accesso_fallito', who: { email: user.email }, ip: request.ip });
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
      if (left != null)
        await recordAuthEvent(db, request, { type: 'totp.recovery_code_used', userId: user.id, left }, user);
      await recordAuthEvent(db, request, { type: 'login.succeeded', userId: user.id, secondFactor: method });
      await recordAudit(db, { tipo: 'accesso', who: user, ip: request.ip });
      // After a recovery code the user is told how many are left (the sign-in page says so).
      return left != null ? { ...toUser(user), recoveryCodesLeft: left } : toUser(user);
    },
  );

  /** A role that requires the second factor: its user enrols right after the password. */
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
        result = await confirmEnrolment(deps, user.id, request.body.code, null);
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
      await recordAuthEvent(db, request, {
        type: 'totp.enrolled',
        userId: user.id,
        otherSessionsEnded: result.otherSessionsEnded,
      });
      await recordAuthEvent(db, request, {
        type: 'login.succeeded',
        userId: user.id,
        secondFactor: 'enrolled',
      });
      await recordAudit(db, { tipo: 'accesso', who: user, ip: request.ip });
      return { user: toUser(user), recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { response: { 204: noContentSchema } } },
    async (request, reply) => {
      const userId = await app.endSession(request, reply);
      const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
      if (user) await recordAudit(db, { tipo: 'uscita', who: user, ip: request.ip });
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
