/**
 * `npm run restore -- <file>`: the embedded database of DATA_DIR together with its documents
 * (src/server/db/backup.ts, docs/deploy.md#backup). Obeys the DATA_DIR lock.
 */
import { BackupError, restoreEmbedded } from '#server/db/backup.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { EnvError, parseEnv } from '#server/env.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Uso: npm run restore -- <file.tar.gz>');
  process.exit(1);
}
try {
  const config = parseEnv(process.env);
  const result = await restoreEmbedded(config, file);
  console.log(`Ripristino completato in ${config.dataDir}: database e ${result.documents} documenti.`);
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirLockedError || error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
