import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryCodesSchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
  totpStatusSchema,
} from '#shared/schemas/totp.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { createLoginGuard } from '#server/modules/auth/auth.service.ts';
import { logAuthEvent } from '#server/modules/auth/auth.events.ts';
import { confirmEnrolment, startEnrolment, totpStatus } from '#server/modules/auth/totp.service.ts';

/** One's own second factor: its status, and setting it up (docs/security.md#verifica-in-due-passaggi). */
export const totpEnrolmentRoutes: FastifyPluginAsyncZod<{
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
        const { event, ...result } = await confirmEnrolment(
          deps,
          actor,
          request.body.code,
          request.sessionId,
          request.ip,
        );
        logAuthEvent(request, event);
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CODE')
          await guard.recordFailure(request.ip, actor.email);
        throw error;
      }
    },
  );
};
