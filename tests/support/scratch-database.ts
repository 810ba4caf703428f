/**
 * An empty database of its own on the tests' PostgreSQL server (TEST_DATABASE_URL), for the tests
 * that start real server processes on it: they migrate and seed it as a first start would.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The server's URL with this database's name. */
  url: string;
  drop(): Promise<void>;
}

async function asAdmin(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await asAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
