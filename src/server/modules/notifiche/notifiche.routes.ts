import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msg } from '#shared/messages.ts';
import { idParamSchema, messageSchema } from '#shared/schemas/common.ts';
import {
  preferenzaBodySchema,
  preferenzaParamsSchema,
  preferenzeSchema,
  registroQuerySchema,
  registroSchema,
} from '#shared/schemas/notifiche.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  getPreferenze,
  listRegistro,
  riprovaEmail,
  setPreferenza,
} from '#server/modules/notifiche/notifiche.service.ts';

export interface NotificheRoutesOptions {
  db: Database;
  /** SMTP_URL and MAIL_FROM are set: queued messages will leave. */
  mailConfigured: boolean;
  notify: () => void;
}

export const notificheRoutes: FastifyPluginAsyncZod<NotificheRoutesOptions> = async (
  app,
  { db, mailConfigured, notify },
) => {
  app.get(
    '/api/notifiche/preferenze',
    {
      config: { access: 'notifiche:preferenze' },
      schema: { response: { 200: preferenzeSchema } },
    },
    async (request) => getPreferenze(db, actorOf(request)),
  );

  app.put(
    '/api/notifiche/preferenze/:tipo',
    {
      config: { access: 'notifiche:preferenze' },
      schema: {
        params: preferenzaParamsSchema,
        body: preferenzaBodySchema,
        response: { 200: preferenzeSchema },
      },
    },
    async (request) => setPreferenza(db, actorOf(request), request.params.tipo, request.body.attiva),
  );

  app.get(
    '/api/notifiche/registro',
    {
      config: { access: 'notifiche:registro' },
      schema: { querystring: registroQuerySchema, response: { 200: registroSchema } },
    },
    async (request) => listRegistro(db, request.query, { mailConfigured }),
  );

  app.post(
    '/api/notifiche/registro/:id/riprova',
    {
      config: { access: 'notifiche:registro' },
      schema: { params: idParamSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await riprovaEmail(db, request.params.id);
      notify();
      return { message: msg.notifiche.registro.riprovaSuccess };
    },
  );
};
