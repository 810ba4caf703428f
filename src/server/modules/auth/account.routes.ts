import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import { changePasswordSchema } from '#shared/schemas/auth.ts';
import { otherSessionsEndedSchema } from '#shared/schemas/totp.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { createLoginGuard } from '#server/modules/auth/auth.service.ts';
import { changeOwnPassword } from '#server/modules/auth/account.service.ts';
import { logAuthEvent } from '#server/modules/auth/auth.events.ts';
import { totpCodesRoutes } from '#server/modules/auth/totp-codes.routes.ts';
import { totpEnrolmentRoutes } from '#server/modules/auth/totp-enrolment.routes.ts';
import { securityRolesRoutes } from '#server/modules/auth/security-roles.routes.ts';

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
  await app.register(totpEnrolmentRoutes, { db, box, sessionSecret });

  await app.register(totpCodesRoutes, { db, box });

  app.post(
    '/api/account/password',
    {
      config: { access: 'signedIn' },
      schema: { body: changePasswordSchema, response: { 200: otherSessionsEndedSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      await guard.beforeAttempt(request.ip, actor.email);
      const result = await changeOwnPassword(db, actor, request.body, request.sessionId, request.ip);
      if (!result.ok) {
        await guard.recordFailure(request.ip, actor.email);
        throw AppError.badRequest(msg.password.wrongCurrent, 'WRONG_PASSWORD');
      }
      logAuthEvent(request, result.event);
      return { otherSessionsEnded: result.otherSessionsEnded };
    },
  );

  await app.register(securityRolesRoutes, { db });
};
