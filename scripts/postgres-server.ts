/**
 * A throwaway PostgreSQL server: initdb into a temporary folder, start on a free port, and a
 * `stop()` that stops it and deletes the folder. As root it runs the server as the `postgres`
 * user, since PostgreSQL refuses to run as root. Used by scripts/with-postgres.ts (the test:pg
 * leg) and bench/run.ts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  /** The same server through its Unix socket (what a server on the same machine should use). */
  socketUrl: string;
  port: number;
  stop(): void;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export class PostgresStartError extends Error {}

/**
 * Starts the server. `settings` are extra `-c name=value` options (the defaults trade durability
 * for speed: this server lives for one run).
 */
export async function startThrowawayPostgres(
  settings: Record<string, string> = {},
): Promise<ThrowawayPostgres> {
  const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  if (!existsSync(path.join(bin, 'initdb')))
    throw new PostgresStartError(
      `PostgreSQL non trovato in ${bin}: installa postgresql-15 oppure imposta PG_BIN.`,
    );
  const isRoot = process.getuid?.() === 0;
  const asPg = (cmd: string, args: string[]) =>
    isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : spawnSync(cmd, args, { stdio: 'pipe' });

  const dir = mkdtempSync(path.join(tmpdir(), 'winsolution-pg-'));
  chmodSync(dir, 0o777);
  if (isRoot) spawnSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const check = (result: ReturnType<typeof spawnSync>, what: string) => {
    if (result.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new PostgresStartError(`${what} fallito:\n${String(result.stdout)}\n${String(result.stderr)}`);
    }
  };
  check(
    asPg(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]),
    'initdb',
  );
  const options = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    ...settings,
  };
  check(
    asPg(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-k ${dir} ${Object.entries(options)
        .map(([k, v]) => `-c ${k}=${v}`)
        .join(' ')}`,
      'start',
    ]),
    'avvio di PostgreSQL',
  );
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    port,
    stop() {
      if (stopped) return;
      stopped = true;
      asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
