/**
 * `npm start` with WEB_CONCURRENCY=2 on PostgreSQL: a primary keeps two server processes on one
 * port (docs/deploy.md#più-processi-su-un-server). They answer the same sessions, a crashed one is
 * replaced, SIGTERM to the primary closes them all; on the embedded database the setting is refused.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '#test/support/scratch-database.ts';
import { killAllServers, spawnServer, type ServerProcess } from '#test/support/spawn-server.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'admin@processi.winsolution.it', password: 'password-processi-1' };

let folder: string;
let scratch: ScratchDatabase | undefined;
let databaseUrl: string;

/** The PIDs whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // Field 4 of stat is the parent's PID; the command name (field 2) may hold spaces.
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: non avvenuto in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const env = (extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.join(folder, 'data'),
  PUBLIC_BASE_URL: 'http://localhost:5000',
  SESSION_SECRET: 'segreto-dei-processi-di-prova-0123456789abcdef',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  TRUST_PROXY: '127.0.0.1',
  WEB_CONCURRENCY: '2',
  // The closing line is an info log.
  LOG_LEVEL: 'info',
  ...extra,
});

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'winsolution-processi-'));
  if (!serverUrl) return;
  scratch = await createScratchDatabase(serverUrl, 'winsolution_processi');
  databaseUrl = scratch.url;
}, 60_000);

afterAll(async () => {
  await killAllServers();
  await scratch?.drop();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.62.0.1' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Twenty sign-in checks on fresh connections: the primary spreads connections over its processes. */
async function everyAnswer(server: ServerProcess, cookie: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${server.url}/api/user`, { headers: { cookie, connection: 'close' } });
    statuses.push(res.status);
  }
  return statuses;
}

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('is refused at start with an Italian message, and nothing keeps running', async () => {
    const server = await spawnServer({
      env: { DATA_DIR: path.join(folder, 'incorporato'), WEB_CONCURRENCY: '2' },
      waitReady: false,
    });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain(
      'WEB_CONCURRENCY: più di un processo richiede PostgreSQL (DATABASE_URL): il database incorporato si apre da un solo processo',
    );
  });
});

describe('WEB_CONCURRENCY=2 with PostgreSQL down', () => {
  it('exits 1 with one explanation, without starting processes again and again', async () => {
    const server = await spawnServer({
      env: {
        DATA_DIR: path.join(folder, 'spento'),
        WEB_CONCURRENCY: '2',
        DATABASE_URL: 'postgres://winsolution@127.0.0.1:1/winsolution',
      },
      waitReady: false,
    });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const reasons = server.output().match(/Il database PostgreSQL di DATABASE_URL non risponde/g) ?? [];
    expect(reasons).toHaveLength(1);
    expect(server.output()).not.toContain('ne parte un altro');
  });
});

describe.skipIf(!serverUrl)('WEB_CONCURRENCY=2 on PostgreSQL', { timeout: 300_000 }, () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await spawnServer({ env: env() });
    // Ready once both answer: the primary prints the line once, naming the processes.
    await until('la riga «pronto»', () => (server.output().includes('2 processi)') ? true : undefined));
  }, 300_000);

  it('says it is ready once, with two server processes under the primary', () => {
    const lines = server.output().split('\n');
    expect(lines.filter((l) => l.startsWith('WINSOLUTION pronto su '))).toEqual([
      'WINSOLUTION pronto su http://localhost:5000 (database: postgres, documenti: local, 2 processi)',
    ]);
    expect(childrenOf(server.pid)).toHaveLength(2);
  });

  it('a session made on one process is good on the other', async () => {
    const cookie = await signIn(server);
    expect(await everyAnswer(server, cookie)).toEqual(Array(20).fill(200));
  });

  it('a process that crashes is replaced, and the server keeps answering', async () => {
    const [victim] = childrenOf(server.pid);
    process.kill(victim, 'SIGKILL');
    await until('un nuovo processo', () => {
      const now = childrenOf(server.pid);
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    });
    expect(server.output()).toContain(
      'Un processo del server si è fermato (segnale SIGKILL): ne parte un altro.',
    );
    // Connections go only to processes that listen: none reaches the one still starting.
    const cookie = await signIn(server);
    expect(await everyAnswer(server, cookie)).toEqual(Array(20).fill(200));
  });

  it('SIGTERM to the primary closes every process, and it exits 0', async () => {
    const workers = childrenOf(server.pid);
    const { code } = await server.stop('SIGTERM');
    expect(code).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    expect(server.output()).toContain('richiesta del processo principale: chiusura in corso');
  });
});
