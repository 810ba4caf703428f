/**
 * A real server process for the tests that need one (several instances, signals, a killed
 * upload): started as production starts it, on a free port, ready when /readyz says so.
 *
 * The one place that knows how the server is launched: SERVER_COMMAND, the compiled bundle that
 * `npm start` runs with plain node (the process itself, so a signal reaches the server and not a
 * wrapper). The tests' global setup rebuilds it first, so it is never older than its sources.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** How the server is started: node's arguments, from the project root. */
export const SERVER_COMMAND = ['--enable-source-maps', 'dist/server/main.js'];

/** Generous: the first start migrates, and the machine may be busy. */
const READY_TIMEOUT_MS = 240_000;

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr together). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal and waits for the exit (SIGKILL after `timeoutMs`). */
  stop(
    signal?: NodeJS.Signals,
    timeoutMs?: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Every process started by this module in this test file: killed by killAllServers(). */
const started = new Set<ServerProcess>();

export interface SpawnOptions {
  env: Record<string, string | undefined>;
  port?: number;
  /** Wait until /readyz answers 200 (default); false for a start expected to fail. */
  waitReady?: boolean;
}

export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' })) {
    // Only what the test gives: the runner's own database variables would leak into the server.
    if (v !== undefined && !/^(DATABASE_URL|TEST_DATABASE_URL|S3_|VITEST)/.test(k)) env[k] = v;
  }
  for (const [k, v] of Object.entries(options.env)) if (v !== undefined) env[k] = v;
  env.PORT = String(port);

  const child = spawn(process.execPath, SERVER_COMMAND, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  let ending = '';
  void exited.then(({ code, signal }) => {
    done = true;
    ending = signal ? `segnale ${signal}` : `codice ${code}`;
  });

  const server: ServerProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    output: () => text,
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (!done) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited.finally(() => clearTimeout(timer));
      }
      started.delete(server);
      return exited;
    },
  };
  started.add(server);
  if (options.waitReady === false) return server;

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (done) throw new Error(`Il server è uscito (${ending}) prima di essere pronto:\n${text}`);
    try {
      const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop('SIGKILL');
      throw new Error(`Il server non è pronto dopo ${READY_TIMEOUT_MS / 1000} s:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** For afterAll: every server this file started, killed and waited for. */
export async function killAllServers(): Promise<void> {
  await Promise.all([...started].map((s) => s.stop('SIGKILL')));
}
