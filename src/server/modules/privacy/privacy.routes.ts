import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privacySettingsSchema } from '#shared/schemas/audit.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import { romeDateKey } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  eraseLead,
  exportPersona,
  getPrivacySettings,
  updatePrivacySettings,
  type PrivacyDeps,
} from '#server/modules/privacy/privacy.service.ts';

/** Erasure, export of a person's data, retention setting (docs/privacy.md). Admin only. */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Database } & PrivacyDeps> = async (
  app,
  { db, ...deps },
) => {
  app.post(
    '/api/leads/:id/erase',
    {
      config: { access: 'leads:erase' },
      schema: { params: idParamSchema, response: { 200: z.object({ documentiRimossi: z.number().int() }) } },
    },
    async (request) => eraseLead(db, deps, actorOf(request), request.params.id, request.ip),
  );

  app.get(
    '/api/leads/:id/personal-data',
    { config: { access: 'leads:exportPersona' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const zip = await exportPersona(db, deps, actorOf(request), id, request.ip);
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="dati-personali-lead-${id}-${romeDateKey(new Date())}.zip"`,
        })
        .send(zip);
    },
  );

  app.get(
    '/api/privacy/settings',
    { config: { access: 'privacy:manage' }, schema: { response: { 200: privacySettingsSchema } } },
    async () => getPrivacySettings(db),
  );

  app.put(
    '/api/privacy/settings',
    {
      config: { access: 'privacy:manage' },
      schema: { body: privacySettingsSchema, response: { 200: privacySettingsSchema } },
    },
    async (request) => updatePrivacySettings(db, actorOf(request), request.ip, request.body),
  );
};
