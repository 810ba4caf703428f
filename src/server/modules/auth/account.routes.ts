import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { changePasswordSchema } from '#shared/schemas/auth.ts';
import {
  otherSessionsEndedSchema,
  recoveryCodesSchema,
  roleParamSchema,
  roleSecuritySchema,
  roleSecurityUpdateSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpEnrolmentSchema,
  totpStatusSchema,
} from '#shared/schemas/totp.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { createLoginGuard } from '#server/modules/auth/auth.service.ts';
import { changeOwnPassword, checkOwnPassword } from '#server/modules/auth/account.service.ts';
import { recordAuthEvent } from '#server/modules/auth/auth.events.ts';
import {
  confirmEnrolment,
  isTotpRequired,
  listRoleSecurity,
  regenerateRecoveryCodes,
  removeTotp,
  setRoleSecurity,
  startEnrolment,
  totpStatus,
  verifyCodeOrRecovery,
  verifyTotpCode,
} from '#server/modules/auth/totp.service.ts';

/**
 * The signed-in user's own credentials (password, second factor) and the admin's per-role rule.
 * Every credential change ends the user's other sessions and says how many
 * (docs/security.md#verifica-in-due-passaggi). Wrong passwords and codes typed here count in the
 * sign-in lockout too, so a stolen session cannot guess them faster than the login form.
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  db: Database;
  box: SecretBox;
  sessionSecret: string;
}> = async (app, { db, box, sessionSecret }) => {
  const guard = createLoginGuard(app.counters);
  const deps = { db, box, sessionSecret };

  app.get(
    '/api/account/totp',
    { config: { access: 'signedIn' }, schema: { response: { 200: totpStatusSchema } } },
    async (request) => totpStatus(db, actorOf(request)),
  );

  app.post(
    '/api/account/totp/enrol',
    { config: { access: 'signedIn' }, schema: { response: { 200: totpEnrolmentSchema } } },
    async (request) => startEnrolment(deps, actorOf(request)),
  );

  app.post(
    '/api/account/totp/confirm',
    {
      config: { access: 'signedIn' },
      schema: { body: totpConfirmSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      await guard.beforeAttempt(request.ip, actor.email);
      try {
        const result = await confirmEnrolment(deps, actor.id, request.body.code, request.sessionId);
        await recordAuthEvent(db, request, {
          type: 'totp.enrolled',
          userId: actor.id,
          otherSessionsEnded: result.otherSessionsEnded,
        });
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CODE')
          await guard.recordFailure(request.ip, actor.email);
        throw error;
      }
    },
  );

  app.post(
    '/api/account/totp/disable',
    {
      config: { access: 'signedIn' },
      schema: { body: totpDisableSchema, response: { 200: otherSessionsEndedSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      if (await isTotpRequired(db, actor.role))
        throw AppError.conflict(msg.totp.requiredCannotDisable, 'TOTP_REQUIRED');
      await guard.beforeAttempt(request.ip, actor.email);
      if (!(await checkOwnPassword(db, actor.id, request.body.password))) {
        await guard.recordFailure(request.ip, actor.email);
        throw AppError.badRequest(msg.totp.wrongPassword, 'WRONG_PASSWORD');
      }
      const check = await verifyCodeOrRecovery(db, box, actor.id, request.body.code);
      if (!check.ok) {
        await guard.recordFailure(request.ip, actor.email);
        throw AppError.badRequest(msg.totp.invalidCode, 'INVALID_CODE');
      }
      const otherSessionsEnded = await db.transaction((tx) => removeTotp(tx, actor.id, request.sessionId));
      await recordAuthEvent(db, request, { type: 'totp.disabled', userId: actor.id, otherSessionsEnded });
      return { otherSessionsEnded };
    },
  );

  app.post(
    '/api/account/totp/recovery-codes',
    {
      config: { access: 'signedIn' },
      schema: { body: totpConfirmSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      await guard.beforeAttempt(request.ip, actor.email);
      if (!(await totpStatus(db, actor)).enabled)
        throw AppError.conflict(msg.totp.notEnabled, 'TOTP_DISABLED');
      if (!(await verifyTotpCode(db, box, actor.id, request.body.code))) {
        await guard.recordFailure(request.ip, actor.email);
        throw AppError.badRequest(msg.totp.invalidCode, 'INVALID_CODE');
      }
      const result = await regenerateRecoveryCodes(db, actor.id, request.sessionId);
      await recordAuthEvent(db, request, {
        type: 'totp.recovery_codes_regenerated',
        userId: actor.id,
        otherSessionsEnded: result.otherSessionsEnded,
      });
      return result;
    },
  );

  app.post(
    '/api/account/password',
    {
      config: { access: 'signedIn' },
      schema: { body: changePasswordSchema, response: { 200: otherSessionsEndedSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      await guard.beforeAttempt(request.ip, actor.email);
      const result = await changeOwnPassword(db, actor.id, request.body, request.sessionId);
      if (!result.ok) {
        await guard.recordFailure(request.ip, actor.email);
        throw AppError.badRequest(msg.password.wrongCurrent, 'WRONG_PASSWORD');
      }
      await recordAuthEvent(db, request, {
        type: 'password.changed',
        userId: actor.id,
        otherSessionsEnded: result.otherSessionsEnded,
      });
      return { otherSessionsEnded: result.otherSessionsEnded };
    },
  );

  app.get(
    '/api/security/roles',
    { config: { access: 'security:manage' }, schema: { response: { 200: z.array(roleSecuritySchema) } } },
    async () => listRoleSecurity(db),
  );

  app.put(
    '/api/security/roles/:role',
    {
      config: { access: 'security:manage' },
      schema: {
        params: roleParamSchema,
        body: roleSecurityUpdateSchema,
        response: { 200: roleSecuritySchema.extend({ sessionsEnded: z.number().int() }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { setting, sessionsEnded } = await setRoleSecurity(
        db,
        actor,
        request.params.role,
        request.body.totpRequired,
      );
      await recordAuthEvent(db, request, {
        type: 'role_settings.changed',
        role: setting.role,
        totpRequired: setting.totpRequired,
        byUserId: actor.id,
        sessionsEnded,
      });
      return { ...setting, sessionsEnded };
    },
  );
};
