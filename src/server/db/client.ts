import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services use, whether PGlite or node-postgres is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** Extensions the migrations create (pg_trgm: the lead search indexes); every PGlite must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** A PGlite with our extensions: in dataDir, from a dump (loadDataDir), or in memory. */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}

export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

export function fromPostgres(url: string, max = 10): DatabaseHandle {
  // JIT off: every query here reads a page or a few rows, and compiling costs more than it saves
  // (docs/performance.md#indici).
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // Return numeric and timestamps as strings/dates exactly as PGlite does.
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return { db, kind: 'postgres', close: () => pool.end() };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl);
  mkdirSync(options.dataDir, { recursive: true });
  const client = await createPglite({ dataDir: `${options.dataDir}/pglite` });
  return fromPglite(client);
}
