import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Config } from './env';
import { authRoutes } from './modules/auth/auth.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { puntiFisiciRoutes } from './modules/punti-fisici/punti-fisici.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { commissioniRoutes } from './modules/commissioni/commissioni.routes';
import { fornitoriRoutes } from './modules/fornitori/fornitori.routes';
import { praticheRoutes } from './modules/pratiche/pratiche.routes';
import { serviziRoutes } from './modules/servizi/servizi.routes';
import { landingRoutes } from './modules/landing/landing.routes';
import { utentiRoutes } from './modules/utenti/utenti.routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { originCheckPlugin } from './plugins/origin-check';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { createLocalStorage, type DocumentStorage } from './storage/storage';

export interface AppOptions {
  db: Database;
  config: Config;
  sessionSecret: string;
  /** Document storage; defaults to the local disk under config.uploadDir. */
  storage?: DocumentStorage;
  /** Folder of the built client; omitted in API tests. */
  clientRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application. Never listens: main.ts does, tests use app.inject. */
export async function buildApp(options: AppOptions) {
  const { db, config } = options;
  const storage = options.storage ?? createLocalStorage(config.uploadDir);
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify takes a hop count as a number at run time; its types only list strings.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(fastifyCookie);
  await app.register(originCheckPlugin, { publicBaseUrl: config.publicBaseUrl });
  await app.register(authPlugin, {
    db,
    sessionSecret: options.sessionSecret,
    secureCookies: config.secureCookies,
  });
  await app.register(apiDocsPlugin, { isDevelopment: config.nodeEnv === 'development' });

  await app.register(authRoutes, { db });
  await app.register(utentiRoutes, { db });
  await app.register(puntiFisiciRoutes, { db, publicBaseUrl: config.publicBaseUrl });
  // Modules that need documents receive `storage` in their options.
  await app.register(leadsRoutes, { db, storage });
  await app.register(praticheRoutes, { db, storage });
  await app.register(serviziRoutes, { db });
  await app.register(fornitoriRoutes, { db });
  await app.register(commissioniRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(landingRoutes, { db, storage, sessionSecret: options.sessionSecret });

  if (options.clientRoot) await app.register(spaPlugin, { root: options.clientRoot });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
