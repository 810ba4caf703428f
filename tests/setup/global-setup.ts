import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fromPglite, fromPostgres } from '#server/db/client.ts';
import { createPglite } from '#server/db/pglite.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { PG_TEMPLATE_DB, TEMPLATE_FILE, TEST_ADMIN } from '#test/setup/database.ts';
import { clearFigures, formatFigures, totalFigures } from '#test/setup/security-figures.ts';

const seedConfig = { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password };

/** After the run: the security suite's figures, when its files ran (see docs/security.md). */
function printSecurityFigures() {
  const figures = totalFigures();
  // Each Vitest project runs this teardown: the first one prints and clears.
  clearFigures();
  if (figures) console.log(`\n${formatFigures(figures)}\n`);
}

/**
 * The compiled server the process tests start (tests/support/spawn-server.ts) and the backup
 * scripts, rebuilt by scripts/build.ts when its sources changed since the last build (esbuild, a
 * second or two), so they always match the sources.
 */
function buildServer() {
  execFileSync('npx', ['tsx', 'scripts/build.ts', 'server', '--if-stale'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
  });
}

/**
 * Each Vitest project runs the global setup, each with its own copy of this module: the run's
 * first one does the work, on a mark kept on the process's global object, and the others reuse
 * it (the build and the template once per run, not once per project).
 */
const SETUP_DONE = Symbol.for('winsolution.tests.global-setup');

/** Builds the server bundle, migrates and seeds one template database; every test file clones it. */
export default async function setup() {
  const state = globalThis as { [SETUP_DONE]?: Promise<void> };
  state[SETUP_DONE] ??= (async () => {
    clearFigures();
    buildServer();
    await prepareTemplate();
  })();
  await state[SETUP_DONE];
  return printSecurityFigures;
}

async function prepareTemplate() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${PG_TEMPLATE_DB}`;
    const handle = fromPostgres(dbUrl.toString(), 1);
    await runMigrations(handle);
    await seedDatabase(handle.db, seedConfig);
    await handle.close();
    return;
  }
  const client = await createPglite();
  const handle = await fromPglite(client);
  await runMigrations(handle);
  await seedDatabase(handle.db, seedConfig);
  const dump = await client.dumpDataDir('none');
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
