import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '#server/env.ts';

/** A problem the operator can fix, told in Italian without a stack trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'permesso negato',
  EPERM: 'operazione non permessa',
  EROFS: 'file system in sola lettura',
  ENOSPC: 'disco pieno',
  ENOTDIR: 'il percorso non è una cartella',
  EEXIST: 'esiste già un file con quel nome',
};

/** Creates the folder if needed and writes (then removes) a small file in it. */
export function assertWritableFolder(dir: string, variable: string, what: string): void {
  const probe = path.join(dir, `.prova-scrittura-${process.pid}-${randomBytes(3).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = REASONS[code] ?? code ?? (error as Error).message;
    throw new StartupError(
      `La cartella ${what} ${dir} non è scrivibile (${reason}).\n` +
        `Dai all'utente che avvia il server il permesso di scriverci, oppure imposta ${variable} su un'altra cartella.`,
    );
  }
}

/**
 * Before anything opens them: the folders this configuration writes to. DATA_DIR holds the
 * embedded database and the generated session secret; UPLOAD_DIR the documents on local storage.
 */
export function checkFolders(config: Config): void {
  if (!config.databaseUrl || !config.sessionSecret)
    assertWritableFolder(config.dataDir, 'DATA_DIR', 'dei dati');
  if (!config.s3) assertWritableFolder(config.uploadDir, 'UPLOAD_DIR', 'dei documenti');
}
