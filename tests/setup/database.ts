import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fromPglite, fromPostgres, type DatabaseHandle } from '#server/db/client.ts';
import { createPglite } from '#server/db/pglite.ts';

// Uncompressed (40 MB): every test file loads it, and gunzipping it cost each ~0.6 s of CPU.
export const TEMPLATE_FILE = path.resolve('.tmp/pglite-template.tar');
export const PG_TEMPLATE_DB = 'winsolution_test_template';

/** Credentials of the admin seeded in the test template. */
export const TEST_ADMIN = { email: 'admin@test.winsolution.it', password: 'password-admin-1' };

/**
 * A fresh database for one test file, cloned from the migrated and seeded template made once in
 * global setup: PGlite from its dump, PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `winsolution_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const handle = fromPostgres(dbUrl.toString(), 5);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        // pool.end() resolves before its sockets are closed; dropping WITH (FORCE) then kills them
        // and their clients throw. Wait for them to go instead, forcing only as a last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}${attempt >= 100 ? ' with (force)' : ''}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
            await new Promise((r) => setTimeout(r, 20));
          }
        }
        await c.end();
      },
    };
  }
  if (!existsSync(TEMPLATE_FILE))
    throw new Error('Template PGlite mancante: esegui i test con vitest (global setup).');
  const blob = new Blob([readFileSync(TEMPLATE_FILE)]);
  const client = await createPglite({ loadDataDir: blob });
  return fromPglite(client);
}
