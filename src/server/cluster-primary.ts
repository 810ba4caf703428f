import cluster, { type Worker } from 'node:cluster';

/**
 * With WEB_CONCURRENCY > 1 (PostgreSQL only) `npm start` runs this primary, which keeps that many
 * server processes (serve.ts) on one port, so that every core answers requests
 * (docs/deploy.md#più-processi-su-un-server, decision 045). The primary loads nothing else: no
 * app, no database; the processes share everything through PostgreSQL, as separate instances do.
 */

/** A server process answers: it sends this with its ready line. */
export const READY_MESSAGE = 'winsolution:pronto';
/** A server process could not start: the primary prints the first reason only. */
export const FAILED_MESSAGE = 'winsolution:avvio-fallito';
/** The primary asks a server process to close gracefully, as SIGTERM does to a lone one. */
export const SHUTDOWN_MESSAGE = 'winsolution:chiudi';

/** Signals the primary turns into a graceful stop of every process. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** A process that crashes is replaced, unless this many crashed in the last minute. */
const MAX_RESTARTS_PER_MINUTE = 5;
/** Past its own 15 s of grace (serve.ts), a process that has not exited is killed. */
const STOP_TIMEOUT_MS = 20_000;

interface ProcessMessage {
  type: typeof READY_MESSAGE | typeof FAILED_MESSAGE;
  line: string;
}

function isProcessMessage(message: unknown): message is ProcessMessage {
  const type = (message as ProcessMessage | null)?.type;
  return type === READY_MESSAGE || type === FAILED_MESSAGE;
}

/** A process that has just died has no channel left: then there is nobody to ask. */
function askToClose(worker: Worker) {
  if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE, undefined, () => {});
}

export function runPrimary(processes: number) {
  let stopping = false;
  let announced = false;
  let failureShown = false;
  let othersForked = false;
  const live = new Set<Worker>();
  const ready = new Set<Worker>();
  const crashes: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.on('message', (message: unknown) => {
      if (!isProcessMessage(message)) return;
      if (message.type === FAILED_MESSAGE) {
        if (!failureShown) console.error(message.line);
        failureShown = true;
        return;
      }
      // Asked to stop while it was starting (the message may have come before it listened).
      if (stopping) return askToClose(worker);
      ready.add(worker);
      // The first one alone answers as soon as a single process would (and migrates the database
      // with nobody waiting on its lock); the others start once it does.
      if (!othersForked) {
        othersForked = true;
        for (let i = 1; i < processes; i++) fork();
      }
      // The line once, when every process answers.
      if (!announced && ready.size === processes) {
        announced = true;
        console.log(message.line);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    const wasReady = ready.delete(worker);
    if (stopping) {
      if (live.size === 0) process.exit();
      return;
    }
    // It explained its failure itself (serve.ts); starting again would fail the same way.
    if (!announced && !wasReady) return stopAll(1);
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0] < now - 60_000) crashes.shift();
    const how = signal ? `segnale ${signal}` : `codice ${code}`;
    if (crashes.length > MAX_RESTARTS_PER_MINUTE) {
      console.error(
        `Un processo del server si è fermato (${how}): è il ${crashes.length}° in un minuto, il server si ferma.`,
      );
      return stopAll(1);
    }
    console.error(`Un processo del server si è fermato (${how}): ne parte un altro.`);
    fork();
  });

  function stopAll(exitCode: number) {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    if (live.size === 0) process.exit();
    for (const worker of live) askToClose(worker);
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  }

  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      // A second Ctrl-C does not wait.
      if (stopping) {
        for (const worker of live) worker.process.kill('SIGKILL');
        process.exit(1);
      }
      stopAll(0);
    });
  }

  fork();
}
