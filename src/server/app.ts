import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Config } from '#server/env.ts';
import { authRoutes } from '#server/modules/auth/auth.routes.ts';
import { accountRoutes } from '#server/modules/auth/account.routes.ts';
import { createSecretBox } from '#server/lib/secret-box.ts';
import { leadsRoutes } from '#server/modules/leads/leads.routes.ts';
import { chiamateRoutes } from '#server/modules/chiamate/chiamate.routes.ts';
import { puntiFisiciRoutes } from '#server/modules/punti-fisici/punti-fisici.routes.ts';
import { dashboardRoutes } from '#server/modules/dashboard/dashboard.routes.ts';
import { commissioniRoutes } from '#server/modules/commissioni/commissioni.routes.ts';
import { estrattiContoRoutes } from '#server/modules/estratti-conto/estratti-conto.routes.ts';
import { inviiFornitoriRoutes } from '#server/modules/invii-fornitori/invii-fornitori.routes.ts';
import { documentiRoutes } from '#server/modules/documenti/documenti.routes.ts';
import { fornitoriRoutes } from '#server/modules/fornitori/fornitori.routes.ts';
import { praticheRoutes } from '#server/modules/pratiche/pratiche.routes.ts';
import { lettureRoutes } from '#server/modules/letture-bollette/letture.routes.ts';
import { serviziRoutes } from '#server/modules/servizi/servizi.routes.ts';
import { maturazioneRoutes } from '#server/modules/maturazione/maturazione.routes.ts';
import { landingRoutes } from '#server/modules/landing/landing.routes.ts';
import { landingPageRoutes } from '#server/modules/landing/landing-page.ts';
import { impostazioniRoutes } from '#server/modules/impostazioni/impostazioni.routes.ts';
import { utentiRoutes } from '#server/modules/utenti/utenti.routes.ts';
import { utentiAccessoRoutes } from '#server/modules/utenti/utenti-accesso.routes.ts';
import { datiPersonaliUtentiRoutes } from '#server/modules/utenti/dati-personali.routes.ts';
import { invitiRoutes } from '#server/modules/utenti/inviti.routes.ts';
import { importazioniRoutes } from '#server/modules/importazioni/importazioni.routes.ts';
import { esitiFornitoriRoutes } from '#server/modules/esiti-fornitori/esiti.routes.ts';
import { notificheRoutes } from '#server/modules/notifiche/notifiche.routes.ts';
import { auditRoutes } from '#server/modules/audit/audit.routes.ts';
import { fiscoRoutes } from '#server/modules/fisco/fisco.routes.ts';
import { consentKeyFrom } from '#server/modules/privacy/anonymise.ts';
import { privacyRoutes } from '#server/modules/privacy/privacy.routes.ts';
import { riconciliazioniRoutes } from '#server/modules/riconciliazioni/riconciliazioni.routes.ts';
import { apiDocsPlugin } from '#server/plugins/api-docs.ts';
import { authPlugin } from '#server/plugins/auth.ts';
import { errorHandlerPlugin, frameworkErrorReply } from '#server/plugins/error-handler.ts';
import { healthPlugin } from '#server/plugins/health.ts';
import { originCheckPlugin } from '#server/plugins/origin-check.ts';
import { quietRequestLog } from '#server/lib/request-log.ts';
import { createDatabaseCounters, createMemoryCounters, rateLimitPlugin } from '#server/plugins/rate-limit.ts';
import { securityHeadersPlugin } from '#server/plugins/security-headers.ts';
import { spaPlugin } from '#server/plugins/spa.ts';
import { openStorage } from '#server/storage/open-storage.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';

export interface AppOptions {
  db: Database;
  config: Config;
  sessionSecret: string;
  /** Document storage; defaults to S3 when configured, else the local disk under config.uploadDir. */
  storage?: DocumentStorage;
  /**
   * Which database is behind `db`: on PostgreSQL the rate-limit counters are shared by every
   * instance through it; on the embedded one they stay in the process. Defaults from the config.
   */
  databaseKind?: 'pglite' | 'postgres';
  /** Folder of the built client; omitted in API tests. */
  clientRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Called after a commit that queued e-mail; main.ts wakes the outbox worker with it so that a
   * new lead's e-mail leaves within seconds. Tests run the worker themselves.
   */
  notify?: () => void;
  /**
   * Called after a commit that stored documents (and so may have queued a bill's reading):
   * main.ts wakes the reader with it, so a bill's proposals come within seconds
   * (docs/product/lettura-bolletta.md).
   */
  wakeReader?: () => void;
}

/** Builds the whole application. Never listens: main.ts does, tests use app.inject. */
export async function buildApp(options: AppOptions) {
  const { db, config } = options;
  const storage = options.storage ?? openStorage(config);
  const notify = options.notify ?? (() => {});
  const wakeReader = options.wakeReader ?? (() => {});
  const app = Fastify({
    logger: options.logger ?? false,
    logController: quietRequestLog(),
    // Fastify takes a hop count as a number at run time; its types only list strings.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { https: config.secureCookies });
  // Brotli or gzip for JSON, HTML and CSV over 1 KB, as the client accepts; quality 4 costs little
  // CPU per reply. Built assets are served precompressed (plugins/spa.ts); XLSX is a ZIP already.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(originCheckPlugin, {
    publicBaseUrl: config.publicBaseUrlConfigured ? config.publicBaseUrl : undefined,
  });
  const databaseKind = options.databaseKind ?? (config.databaseUrl ? 'postgres' : 'pglite');
  await app.register(rateLimitPlugin, {
    counters: databaseKind === 'postgres' ? createDatabaseCounters(db) : createMemoryCounters(),
  });
  await app.register(authPlugin, {
    db,
    sessionSecret: options.sessionSecret,
    secureCookies: config.secureCookies,
  });
  await app.register(apiDocsPlugin, { isDevelopment: config.nodeEnv === 'development' });

  await app.register(healthPlugin, { db, storage });
  // TOTP secrets are sealed under a key derived from the session secret (docs/security.md#verifica-in-due-passaggi).
  const totpBox = createSecretBox(options.sessionSecret, 'totp-secret-v1');
  await app.register(authRoutes, { db, box: totpBox, sessionSecret: options.sessionSecret });
  await app.register(accountRoutes, { db, box: totpBox, sessionSecret: options.sessionSecret });
  await app.register(utentiRoutes, { db });
  await app.register(utentiAccessoRoutes, { db });
  await app.register(datiPersonaliUtentiRoutes, { db });
  const importDeps = {
    db,
    publicBaseUrl: config.publicBaseUrl,
    notify,
    testClock: config.nodeEnv === 'test',
  };
  await app.register(invitiRoutes, importDeps);
  await app.register(importazioniRoutes, importDeps);
  await app.register(esitiFornitoriRoutes, importDeps);
  await app.register(puntiFisiciRoutes, { db, publicBaseUrl: config.publicBaseUrl });
  // Keys the pseudonymised consent proof that an erasure leaves (docs/privacy.md#consensi).
  const consentKey = consentKeyFrom(options.sessionSecret);
  // Modules that need documents receive `storage` in their options.
  await app.register(leadsRoutes, { db, storage, consentKey });
  await app.register(chiamateRoutes, {
    db,
    publicBaseUrl: config.publicBaseUrl,
    notify,
    testClock: config.nodeEnv === 'test',
  });
  await app.register(praticheRoutes, { db, storage });
  await app.register(serviziRoutes, {
    db,
    publicBaseUrl: config.publicBaseUrl,
    notify,
    testClock: config.nodeEnv === 'test',
  });
  await app.register(maturazioneRoutes, {
    db,
    publicBaseUrl: config.publicBaseUrl,
    notify,
    testClock: config.nodeEnv === 'test',
  });
  await app.register(lettureRoutes, { db });
  await app.register(fornitoriRoutes, { db });
  await app.register(inviiFornitoriRoutes, { db, storage });
  await app.register(commissioniRoutes, { db });
  await app.register(estrattiContoRoutes, { db });
  await app.register(dashboardRoutes, { db });
  // Supplier payment reconciliation (49c).
  await app.register(riconciliazioniRoutes, { db, testClock: config.nodeEnv === 'test' });
  await app.register(landingRoutes, {
    db,
    storage,
    sessionSecret: options.sessionSecret,
    publicBaseUrl: config.publicBaseUrl,
    notify,
    wakeReader,
    testClock: config.nodeEnv === 'test',
  });
  await app.register(notificheRoutes, {
    db,
    mailConfigured: Boolean(config.smtpUrl && config.mailFrom),
    notify,
  });
  await app.register(documentiRoutes, { db, storage, wakeReader });
  await app.register(privacyRoutes, { db, storage, consentKey });
  await app.register(auditRoutes, { db });
  await app.register(fiscoRoutes, { db, testClock: config.nodeEnv === 'test' });
  await app.register(impostazioniRoutes, { db });

  if (options.clientRoot) {
    // Before the SPA's catch-all: /landing/{code} is sent with its first step already rendered.
    await app.register(landingPageRoutes, { db, root: options.clientRoot });
    await app.register(spaPlugin, { root: options.clientRoot });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
