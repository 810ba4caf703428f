/**
 * Runs a command against a throwaway PostgreSQL server (scripts/postgres-server.ts): exports
 * TEST_DATABASE_URL, runs, stops the server and deletes its folder.
 *
 *   tsx scripts/with-postgres.ts vitest run tests/api
 */
import { spawnSync } from 'node:child_process';
import {
  PostgresStartError,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '#scripts/postgres-server.ts';

let server: ThrowawayPostgres;
try {
  server = await startThrowawayPostgres();
} catch (error) {
  if (!(error instanceof PostgresStartError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let status = 1;
try {
  const [command, ...args] = process.argv.slice(2);
  console.log(`PostgreSQL di prova su 127.0.0.1:${server.port}`);
  const result = spawnSync('npx', [command, ...args], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: server.url },
  });
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
