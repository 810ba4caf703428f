import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingCodeParamSchema, landingInfoSchema } from '#shared/schemas/landing.ts';
import type { Database } from '#server/db/client.ts';
import { registerDocumentUploads } from '#server/storage/receive-documents.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';
import { getLandingInfo } from '#server/modules/landing/landing.service.ts';
import { praticaFilesRoutes } from '#server/modules/landing/pratica-files.routes.ts';
import { landingUploadRoutes } from '#server/modules/landing/upload.routes.ts';
import { submitFormRoutes } from '#server/modules/landing/submit.routes.ts';

export interface LandingRoutesOptions {
  db: Database;
  storage: DocumentStorage;
  sessionSecret: string;
  publicBaseUrl: string;
  /** Called after a submission committed: the outbox worker sends its e-mails now. */
  notify: () => void;
  /** Called after documents were stored: the bill reader starts now. */
  wakeReader: () => void;
  /** A test server: the x-test-now header moves the clock (src/server/lib/clock.ts). */
  testClock?: boolean;
}

export const landingRoutes: FastifyPluginAsyncZod<LandingRoutesOptions> = async (
  app,
  { db, storage, sessionSecret, publicBaseUrl, notify, wakeReader, testClock = false },
) => {
  await registerDocumentUploads(app);

  app.get(
    '/api/landing/:code',
    {
      config: { access: 'public' },
      schema: { params: landingCodeParamSchema, response: { 200: landingInfoSchema } },
    },
    async (request) => getLandingInfo(db, request.params.code),
  );

  await app.register(submitFormRoutes, { db, sessionSecret, publicBaseUrl, notify, testClock });

  await app.register(landingUploadRoutes, { db, storage, sessionSecret, wakeReader });

  await app.register(praticaFilesRoutes, { db, storage });
};
