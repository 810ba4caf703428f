import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleParamSchema, roleSecuritySchema, roleSecurityUpdateSchema } from '#shared/schemas/totp.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { logAuthEvent } from '#server/modules/auth/auth.events.ts';
import { listRoleSecurity, setRoleSecurity } from '#server/modules/auth/totp.service.ts';

/** The admin's rule per role: whether its users must use the second factor (docs/security.md#verifica-in-due-passaggi). */
export const securityRolesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
      const { params, body } = request;
      const { setting, sessionsEnded, event } = await setRoleSecurity(
        db,
        actorOf(request),
        params.role,
        body.totpRequired,
        request.ip,
      );
      logAuthEvent(request, event);
      return { ...setting, sessionsEnded };
    },
  );
};
