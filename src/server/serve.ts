import cluster from 'node:cluster';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from '#server/app.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { prepareDatabase } from '#server/db/prepare.ts';
import { FAILED_MESSAGE, READY_MESSAGE, SHUTDOWN_MESSAGE, STOP_SIGNALS } from '#server/cluster-primary.ts';
import { resolveSessionSecret, type Config } from '#server/env.ts';
import { periodicJobs } from '#server/jobs/periodic-jobs.ts';
import { loggerOptions } from '#server/lib/log-safety.ts';
import { listenAddresses } from '#server/lib/listen-addresses.ts';
import { startScheduler } from '#server/jobs/scheduler.ts';
import { isServiceUnavailable } from '#server/lib/unavailable.ts';
import { createMailer } from '#server/modules/notifiche/mailer.ts';
import { EMAIL_OUTBOX_JOB } from '#server/modules/notifiche/notifiche.jobs.ts';
import { LETTURE_BOLLETTE_JOB } from '#server/modules/letture-bollette/letture.jobs.ts';
import { projectRoot } from '#server/project-root.ts';
import { checkFolders, StartupError } from '#server/startup-checks.ts';
import { openStorage } from '#server/storage/open-storage.ts';

const clientRoot = path.join(projectRoot, 'dist/client');

/** How long SIGTERM waits for requests in flight and running jobs before giving up. */
const SHUTDOWN_GRACE_MS = 15_000;

/** Why the server did not start, in Italian, with no stack trace for the problems an operator fixes. */
function explainStartupFailure(error: unknown, config: Config): string {
  if (error instanceof StartupError || error instanceof DataDirLockedError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return `La porta ${config.port} è già occupata da un altro programma: fermalo o imposta PORT su un'altra porta.`;
  if (config.databaseUrl && isServiceUnavailable(error))
    return `Il database PostgreSQL di DATABASE_URL non risponde (${(error as Error).message}). Controlla che sia avviato e raggiungibile.`;
  const detail = error instanceof Error ? error.message : String(error);
  const stack =
    config.logLevel === 'debug' || config.logLevel === 'trace' ? `\n${(error as Error).stack}` : '';
  return `Avvio non riuscito: ${detail}${stack}\n(LOG_LEVEL=debug mostra i dettagli tecnici)`;
}

/**
 * The lines that say the server answers, printed once even when several processes share the port:
 * the public address, then the others it answers on (localhost, the machine's LAN addresses).
 */
function readyLine(config: Config, database: string, documents: string): string {
  const processes = config.webConcurrency > 1 ? `, ${config.webConcurrency} processi` : '';
  const others = listenAddresses(config.port).filter((a) => a !== config.publicBaseUrl);
  const also = others.length > 0 ? `\n  risponde anche su: ${others.join(', ')}` : '';
  return `WINSOLUTION pronto su ${config.publicBaseUrl} (database: ${database}, documenti: ${documents}${processes})${also}`;
}

/**
 * One server process: opens the database, prepares it, builds the app, starts the periodic jobs and
 * listens. Alone, or as one of the processes `cluster-primary.ts` keeps (then it tells the primary
 * when it answers, and stops when the primary asks).
 */
export async function serve(config: Config) {
  // Under a primary, start-up notes are printed by the first process only.
  const speaks = !cluster.isWorker || cluster.worker?.id === 1;
  let handle: DatabaseHandle | undefined;
  let graceful: { close(): void } | undefined;
  let closing = false;
  if (cluster.isWorker) {
    // The primary owns the signals (a shell's Ctrl-C reaches every process of the group): it asks
    // each process to close, or has gone. Before the app answers there is nothing to finish.
    for (const signal of STOP_SIGNALS) process.on(signal, () => {});
    const stop = () => {
      if (!graceful) process.exit(0);
      else if (!closing) graceful.close();
    };
    process.on('message', (message) => {
      if (message === SHUTDOWN_MESSAGE) stop();
    });
    process.on('disconnect', stop);
  }
  try {
    checkFolders(config);
    const log = { warn: (message: string) => console.warn(message) };
    handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      owner: { purpose: 'server', port: config.port },
      onIdleError: (error) => log.warn(`Connessione al database persa (${error.message}): verrà riaperta.`),
      thread: true,
    });
    const seeded = await prepareDatabase(handle, config);
    if (seeded.generatedAdmin) {
      console.log(
        `\n  Primo amministratore creato.\n  Email:    ${seeded.generatedAdmin.email}\n  Password: ${seeded.generatedAdmin.password}\n  (mostrata solo ora: conservala o cambiala dopo l'accesso)\n`,
      );
    }

    const mailer = createMailer(config);
    if (!mailer && speaks)
      console.log('E-mail non configurate (SMTP_URL, MAIL_FROM): i messaggi restano in coda.');
    // The scheduler starts after the app is built; until then a wake has nothing to do.
    let wakeOutbox = () => {};
    let wakeReader = () => {};

    const storage = openStorage(config);
    const sessionSecret = resolveSessionSecret(config);
    const app = await buildApp({
      db: handle.db,
      config,
      sessionSecret,
      storage,
      databaseKind: handle.kind,
      clientRoot,
      notify: () => wakeOutbox(),
      wakeReader: () => wakeReader(),
      logger: loggerOptions(config.logLevel),
    });
    if (config.s3) {
      await storage.check().catch((error: Error) => {
        app.log.warn(
          `Bucket S3 "${config.s3!.bucket}" non raggiungibile (${error.name}: ${error.message}): /readyz risponde 503 finché non lo è.`,
        );
      });
    }

    const scheduler = startScheduler(
      handle.db,
      periodicJobs({
        storage,
        mailer,
        publicBaseUrl: config.publicBaseUrl,
        sessionSecret,
        embedded: handle.kind === 'pglite',
      }),
      { log: app.log },
    );
    // Without a mail server the worker has nothing to send: its 15-second run expires old
    // messages, and a wake per submission would only add a statement to each.
    if (mailer) wakeOutbox = () => scheduler.wake(EMAIL_OUTBOX_JOB);
    // A stored bill is read at once rather than at the reader's next 10-second run.
    wakeReader = () => scheduler.wake(LETTURE_BOLLETTE_JOB);
    const opened = handle;
    // SIGTERM/SIGINT: stop accepting, finish the requests in flight, stop the jobs, close the
    // database (and release DATA_DIR); an uncaught error goes the same way after being logged.
    graceful = closeWithGrace(
      { delay: SHUTDOWN_GRACE_MS, skip: cluster.isWorker ? [...STOP_SIGNALS] : [] },
      async ({ signal, err }) => {
        closing = true;
        if (err) app.log.error({ err }, 'errore non gestito: chiusura');
        else app.log.info(`${signal ?? 'richiesta del processo principale'}: chiusura in corso`);
        await app.close();
        await scheduler.stop();
        mailer?.close();
        await opened.close();
      },
    );

    await app.listen({ port: config.port, host: '0.0.0.0' });
    const ready = readyLine(config, handle.kind, storage.kind);
    if (cluster.isWorker) process.send?.({ type: READY_MESSAGE, line: ready });
    else console.log(ready);
  } catch (error) {
    const reason = explainStartupFailure(error, config);
    await handle?.close().catch(() => undefined);
    if (cluster.isWorker && process.send) {
      process.send({ type: FAILED_MESSAGE, line: reason }, () => process.exit(1));
      return;
    }
    console.error(reason);
    process.exit(1);
  }
}
