import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '#server/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { createPglite } from '#server/db/pglite.ts';
import { acquireDataDirLock, LOCK_FILE } from '#server/db/data-dir-lock.ts';

/**
 * Backup and restore of the embedded database together with its documents on disk
 * (docs/deploy.md#backup): one `.tar.gz` holding the database dump (`database.tar.gz`, PGlite's
 * own format) and the documents (`documenti/`). Both obey the DATA_DIR lock: a running server
 * keeps them out, and they keep a server out while they work. PostgreSQL and S3 are backed up
 * with their own tools (pg_dump, a bucket copy).
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

const DUMP = 'database.tar.gz';
const DOCUMENTS = 'documenti';

type EmbeddedConfig = Pick<Config, 'dataDir' | 'uploadDir' | 'databaseUrl' | 's3'>;

function assertEmbedded(config: EmbeddedConfig) {
  if (config.databaseUrl || config.s3)
    throw new BackupError(
      'npm run backup e npm run restore servono per il database incorporato e i documenti su disco. ' +
        'Con PostgreSQL e S3 usa pg_dump e una copia del bucket: vedi docs/deploy.md#backup.',
    );
}

function tar(args: string[]) {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new BackupError(`tar non riuscito: ${result.stderr || result.error?.message}`);
}

/** Writes `file` with the embedded database and every document. Refuses while the folder is in use. */
export async function backupEmbedded(config: EmbeddedConfig, file: string): Promise<{ documents: number }> {
  assertEmbedded(config);
  if (!existsSync(path.join(config.dataDir, 'pglite')))
    throw new BackupError(`In ${config.dataDir} non c'è un database incorporato da salvare.`);
  const staging = mkdtempSync(path.join(tmpdir(), 'winsolution-backup-'));
  // Throws DataDirLockedError, naming the running server, when the folder is in use.
  const handle = await openDatabase({ dataDir: config.dataDir, owner: { purpose: 'backup' } });
  try {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(path.join(staging, DUMP), Buffer.from(await dump.arrayBuffer()));
    const documentsDir = path.join(staging, DOCUMENTS);
    mkdirSync(documentsDir);
    let documents = 0;
    if (existsSync(config.uploadDir)) {
      for (const name of readdirSync(config.uploadDir)) {
        if (name.endsWith('.part')) continue; // a write that never finished
        cpSync(path.join(config.uploadDir, name), path.join(documentsDir, name), {
          preserveTimestamps: true,
        });
        documents += 1;
      }
    }
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    tar(['-czf', path.resolve(file), '-C', staging, DUMP, DOCUMENTS]);
    return { documents };
  } finally {
    await handle.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

const isEmptyFolder = (dir: string, ignore: string[] = []) =>
  !existsSync(dir) || readdirSync(dir).every((name) => ignore.includes(name));

/**
 * Restores `file` into an empty DATA_DIR (and empty UPLOAD_DIR): never over existing data, never
 * while a process holds the folder.
 */
export async function restoreEmbedded(config: EmbeddedConfig, file: string): Promise<{ documents: number }> {
  assertEmbedded(config);
  if (!existsSync(file)) throw new BackupError(`Il file di backup ${file} non esiste.`);
  mkdirSync(config.dataDir, { recursive: true });
  // Throws DataDirLockedError when a server (or another restore) has the folder.
  const lock = acquireDataDirLock(config.dataDir, { purpose: 'restore' });
  const staging = mkdtempSync(path.join(tmpdir(), 'winsolution-restore-'));
  try {
    if (!isEmptyFolder(config.dataDir, [LOCK_FILE]))
      throw new BackupError(
        `La cartella dati ${config.dataDir} non è vuota: il ripristino non sovrascrive dati esistenti. ` +
          'Indica una cartella vuota con DATA_DIR (o sposta quella attuale).',
      );
    if (!isEmptyFolder(config.uploadDir))
      throw new BackupError(
        `La cartella dei documenti ${config.uploadDir} non è vuota: il ripristino non sovrascrive documenti esistenti.`,
      );
    tar(['-xzf', path.resolve(file), '-C', staging]);
    if (!existsSync(path.join(staging, DUMP)))
      throw new BackupError(`${file} non è un backup di WINSOLUTION (manca ${DUMP}).`);
    const client = await createPglite({
      dataDir: path.join(config.dataDir, 'pglite'),
      loadDataDir: new Blob([readFileSync(path.join(staging, DUMP))]),
    });
    await client.close();
    const documents = existsSync(path.join(staging, DOCUMENTS))
      ? readdirSync(path.join(staging, DOCUMENTS))
      : [];
    mkdirSync(config.uploadDir, { recursive: true });
    for (const name of documents)
      cpSync(path.join(staging, DOCUMENTS, name), path.join(config.uploadDir, name), {
        preserveTimestamps: true,
      });
    return { documents: documents.length };
  } finally {
    lock.release();
    rmSync(staging, { recursive: true, force: true });
  }
}
