import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import {
  otherSessionsEndedSchema,
  recoveryCodesSchema,
  totpConfirmSchema,
  totpDisableSchema,
} from '#shared/schemas/totp.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { createLoginGuard } from '#server/modules/auth/auth.service.ts';
import { checkOwnPassword } from '#server/modules/auth/account.service.ts';
import { logAuthEvent } from '#server/modules/auth/auth.events.ts';
import {
  isTotpRequired,
  disableOwnTotp,
  regenerateRecoveryCodes,
  totpStatus,
  verifyCodeOrRecovery,
  verifyTotpCode,
} from '#server/modules/auth/totp.service.ts';

/** Turning one's own second factor off and new recovery codes: each asks the password or a code again and ends the other sessions (docs/security.md#verifica-in-due-passaggi). */
export const totpCodesRoutes: FastifyPluginAsyncZod<{ db: Database; box: SecretBox }> = async (
  app,
  { db, box },
) => {
  const guard = createLoginGuard(app.counters);

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
      const event = await disableOwnTotp(db, actor, request.sessionId, request.ip);
      logAuthEvent(request, event);
      return { otherSessionsEnded: event.otherSessionsEnded };
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
      const { event, ...result } = await regenerateRecoveryCodes(db, actor, request.sessionId, request.ip);
      logAuthEvent(request, event);
      return result;
    },
  );
};
