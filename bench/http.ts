/**
 * The pieces of `npm run bench` that talk to processes: the production server started as
 * `npm start` starts it (plain node on dist/server/main.js), its memory read from /proc, a bare
 * Fastify server as the floor of what a route can cost, and load with autocannon.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

/** `pid` and the processes under it (a primary and its server processes, WEB_CONCURRENCY > 1). */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent; the command (field 2) may hold spaces, so split after it.
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

/** Resident memory of a process and the processes under it, in MB (VmRSS), 0 when gone. */
export function rssMb(pid: number): number {
  return treeRssMb(processTree(pid));
}

/**
 * The same processes' proportional set size, in MB: each page counted once however many of them
 * map it (the node binary, shared libraries, pages a forked process still shares). Summed RSS
 * counts those once per process: with a primary and two server processes, about 70 MB more than
 * the machine gives them (docs/performance.md#memoria-di-più-processi).
 */
export function pssMb(pid: number): number {
  return treePssMb(processTree(pid));
}

const treeRssMb = (tree: number[]) =>
  tree.reduce((sum, p) => sum + ownMemoryKb(p, 'status', /VmRSS:\s+(\d+) kB/) / 1024, 0);
const treePssMb = (tree: number[]) =>
  tree.reduce((sum, p) => sum + ownMemoryKb(p, 'smaps_rollup', /^Pss:\s+(\d+) kB/m) / 1024, 0);

function ownMemoryKb(pid: number, file: string, pattern: RegExp): number {
  try {
    const m = pattern.exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples a process's RSS and PSS every 100 ms until stopped: the peaks. The sampler runs in the
 * bench's own thread, beside the load it measures, so it reads little: the process tree (a read
 * of every process's stat in /proc) once a second, as it only changes when a server process
 * restarts, and each sample only its processes' two files (docs/performance.md#benchmark-http).
 */
export function rssSampler(pid: number) {
  let tree = processTree(pid);
  let treeReadAt = Date.now();
  let peak = treeRssMb(tree);
  let peakPss = treePssMb(tree);
  const sample = () => {
    if (Date.now() - treeReadAt >= 1000) {
      tree = processTree(pid);
      treeReadAt = Date.now();
    }
    peak = Math.max(peak, treeRssMb(tree));
    peakPss = Math.max(peakPss, treePssMb(tree));
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssMb: peak, pssMb: peakPss };
    },
  };
}

/**
 * CPU time (user + system) a process and the processes under it have used so far, ms: what a
 * start costs whatever the machine's load.
 */
export function cpuMs(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + ownCpuMs(p), 0);
}

function ownCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Every child process this run started and has not yet seen exit: killed when the bench exits. */
const children = new Set<ChildProcess>();

/** Registers a child so that no exit of the bench (error, Ctrl-C) leaves it running. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Synchronous, for process.on('exit'): SIGKILL to every child still running. */
export function killAllChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

/**
 * SIGTERM, then SIGKILL if the process has not exited after `graceMs`: a server that hangs on
 * shutdown must not hang the bench. Resolves once the process has exited; says so when it had to kill.
 */
export function stopChild(child: ChildProcess, what: string, graceMs = 15_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode != null || child.signalCode != null) return resolve();
    const timer = setTimeout(() => {
      console.warn(`  ${what}: ancora attivo ${graceMs / 1000} s dopo SIGTERM, fermato con SIGKILL`);
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  base: string;
  /** From spawn to the first 200 of /readyz: the server answers. */
  startupMs: number;
  /** From spawn until every server process answers (its ready line); = startupMs with one. */
  allReadyMs: number;
  /** CPU time the process (and its server processes) used until then. */
  startupCpuMs: number;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode != null) throw new Error(`Il server si è fermato (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Il server non è pronto dopo ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * The arguments of `npm start` after `node` (its V8 flags and the compiled server), read from
 * package.json: the bench runs exactly what production runs.
 */
function startArguments(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start non è "node …": ${pkg.scripts.start}`);
  return args.map((a) => (a.endsWith('.js') ? path.join(root, a) : a));
}

/** `npm start`'s command (node on dist/server/main.js) with `env`, timed until /readyz answers 200. */
export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, startArguments(), {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let output = '';
  // Printed once every server process answers (one, or WEB_CONCURRENCY of them).
  let announced = false;
  child.stdout.on('data', (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
    announced ||= output.includes('WINSOLUTION pronto su');
  });
  child.stderr.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/readyz`, child, () => output, 300_000);
  const startupMs = performance.now() - started;
  while (!announced) {
    if (child.exitCode != null) throw new Error(`Il server si è fermato (${child.exitCode}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    pid: child.pid!,
    base,
    startupMs,
    allReadyMs: performance.now() - started,
    startupCpuMs: cpuMs(child.pid!),
    stop: () => stopChild(child, 'server'),
  };
}

/** A Fastify server with one route answering a small JSON: what any route costs at the least. */
export async function startBareFastify(port: number): Promise<RunningServer> {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ ok: true, items: [] }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  track(child);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/bare`, child, () => '', 60_000);
  return {
    child,
    pid: child.pid!,
    base,
    startupMs: performance.now() - started,
    allReadyMs: performance.now() - started,
    startupCpuMs: cpuMs(child.pid!),
    stop: () => stopChild(child, 'Fastify nudo'),
  };
}

export interface LoadResult {
  connections: number;
  requests: number;
  errors: number;
  /** Answers with another status than the expected one (the first one is kept in `firstError`). */
  wrongStatus: number;
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  /** Peak RSS of the server during the run, MB. */
  rssMb: number;
  /** Peak PSS of the server during the run, MB (absent in older runs). */
  pssMb?: number;
}

/** How many bodies each request's `setup` has made, over all its loads. */
const setupsMade = new WeakMap<LoadRequest, number>();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /**
   * A fresh body (and headers) per request, for POSTs that must not repeat: `i` counts on across
   * every load of the same request, so a second run never replays the first one's keys.
   */
  setup?: (i: number) => { body?: string; headers?: Record<string, string> };
  expected?: number;
}

/**
 * `connections` clients for `seconds`, each latency recorded (autocannon's own summary has no
 * p95). A request answered with another status than `expected` counts as wrong.
 */
export async function load(
  base: string,
  request: LoadRequest,
  connections: number,
  seconds: number,
  serverPid?: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let wrongStatus = 0;
  let firstError: string | undefined;
  const expected = request.expected ?? 200;
  const sampler = serverPid ? rssSampler(serverPid) : null;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: base,
      connections,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          method: request.method ?? 'GET',
          path: request.path,
          headers: request.headers,
          ...(request.setup && {
            setupRequest: (req: autocannon.Request) => {
              const i = setupsMade.get(request) ?? 0;
              setupsMade.set(request, i + 1);
              const extra = request.setup!(i);
              return { ...req, body: extra.body, headers: { ...req.headers, ...extra.headers } };
            },
          }),
        },
      ],
    },
    (error, result) => (error ? fail(error as Error) : finish(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode !== expected) {
      wrongStatus++;
      firstError ??= `HTTP ${statusCode}`;
    }
  });
  const result = await done;
  const peak = sampler?.stop() ?? { rssMb: 0, pssMb: 0 };
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: latencies.length,
    errors: result.errors + result.timeouts,
    wrongStatus,
    firstError,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    rps: latencies.length / seconds,
    rssMb: peak.rssMb,
    pssMb: peak.pssMb,
  };
}
