/**
 * Runs a command against a throwaway PostgreSQL server: initdb into a temporary folder, start on a
 * free port, export TEST_DATABASE_URL, run, stop, delete. As root it runs the server as the
 * `postgres` user, since PostgreSQL refuses to run as root.
 *
 *   tsx scripts/with-postgres.ts vitest run tests/api
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
if (!existsSync(path.join(bin, 'initdb'))) {
  console.error(`PostgreSQL non trovato in ${bin}: installa postgresql-15 oppure imposta PG_BIN.`);
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

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

function check(result: ReturnType<typeof spawnSync>, what: string) {
  if (result.status !== 0) {
    console.error(`${what} fallito:\n${String(result.stdout)}\n${String(result.stderr)}`);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
}

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
check(
  asPg(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]),
  'avvio di PostgreSQL',
);

let status = 1;
try {
  const [command, ...args] = process.argv.slice(2);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL di prova su 127.0.0.1:${port}`);
  const result = spawnSync('npx', [command, ...args], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  status = result.status ?? 1;
} finally {
  asPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop']);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
