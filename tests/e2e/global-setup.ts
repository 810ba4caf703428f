/**
 * Before the E2E run: builds what changed since the last build (scripts/build.ts --if-stale, so
 * the browser never sees a client or a server older than its sources), then starts one real
 * server per Playwright worker, each with a fresh embedded database of its own. A worker talks
 * only to its server (fixtures.ts), so two specs running at once never see each other's data or
 * settings: each server sees one spec after the other, as with a single worker.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePort, spawnServer } from '#test/support/spawn-server.ts';
import { E2E_ADMIN } from '#test/e2e/e2e-admin.ts';
import { E2E_SERVERS_ENV } from '#test/e2e/servers.ts';

const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup(config: FullConfig) {
  execFileSync('npx', ['tsx', 'scripts/build.ts', '--if-stale'], { cwd: root, stdio: 'inherit' });

  // The first server on E2E_PORT (one per engineer on a shared machine), the others on free ports.
  const firstPort = Number(process.env.E2E_PORT ?? 5090);
  const others = await Promise.all(Array.from({ length: Math.max(0, config.workers - 1) }, freePort));
  const servers = await Promise.all(
    [firstPort, ...others].map(async (port) => {
      const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
      rmSync(dataDir, { recursive: true, force: true });
      const server = await spawnServer({
        port,
        env: {
          DATA_DIR: dataDir,
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          // Visitors' addresses come in X-Forwarded-For from each test (fixtures.ts).
          TRUST_PROXY: '127.0.0.1,::1',
        },
      });
      server.child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
      return server;
    }),
  );
  // Workers inherit the runner's environment: fixtures.ts picks its server by the worker's index.
  process.env[E2E_SERVERS_ENV] = servers.map((s) => `http://localhost:${s.port}`).join(' ');

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
