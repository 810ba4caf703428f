import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDataDirLock } from '#server/db/data-dir-lock.ts';
import { createPglite } from '#server/db/pglite.ts';
import { PgliteThread } from '#server/db/pglite-thread.ts';
import * as schema from '#server/db/schema.ts';

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
  /**
   * Runs `work` while holding the cluster-wide startup lock (a PostgreSQL advisory lock): N
   * instances started at once migrate and seed one after the other, so exactly once. PGlite has
   * one owner anyway (data-dir-lock.ts).
   */
  withStartupLock?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** Any fixed number: the key of the advisory lock around migrations and the first-start seed. */
const STARTUP_LOCK_KEY = 4_242_001;

export async function fromPglite(client: PGlite | PgliteThread): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  // A PgliteThread answers the calls drizzle's PGlite driver makes (query, transaction).
  const db = drizzle({ client: client as PGlite, schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

export function fromPostgres(
  url: string,
  max = 10,
  onIdleError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A server that is down or unreachable fails the request quickly (503), never hangs it.
    connectionTimeoutMillis: 5_000,
    // JIT off: every query here reads a page or a few rows, and compiling costs more than it saves
    // (docs/performance.md#indici).
    options: '-c jit=off',
  });
  // A connection dropped while idle (the server restarted) must not crash the process: the pool
  // discards it and opens a new one at the next query, so service resumes by itself.
  pool.on('error', onIdleError);
  // Return numeric and timestamps as strings/dates exactly as PGlite does.
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    async withStartupLock(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Who opens the embedded database, for the lock (and the message a second opener gets). */
  owner?: { purpose: string; port?: number };
  onIdleError?: (error: Error) => void;
  /**
   * The embedded database on its own thread, beside the server's (the server does this:
   * docs/decisions/043-pglite-in-un-thread.md); the command-line tools keep it in their thread.
   */
  thread?: boolean;
}

/**
 * The configured database. The embedded one is locked to this process first (throws
 * DataDirLockedError naming the owner when another process has it); closing releases it.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl, 10, options.onIdleError);
  mkdirSync(options.dataDir, { recursive: true });
  const lock = acquireDataDirLock(options.dataDir, options.owner ?? { purpose: 'server' });
  try {
    const dataDir = `${options.dataDir}/pglite`;
    const client = options.thread ? await PgliteThread.start(dataDir) : await createPglite({ dataDir });
    const handle = await fromPglite(client);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
