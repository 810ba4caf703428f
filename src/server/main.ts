import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDatabase } from './db/seed';
import { EnvError, parseEnv, resolveSessionSecret } from './env';
import { periodicJobs } from './jobs/periodic-jobs';
import { loggerOptions } from './lib/log-safety';
import { startScheduler } from './jobs/scheduler';
import { projectRoot } from './project-root';

const clientRoot = path.join(projectRoot, 'dist/client');

async function main() {
  let config;
  try {
    config = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const handle = await openDatabase(config);
  await runMigrations(handle);
  // PGlite has no autovacuum: refresh the planner's statistics at every start, or the list
  // queries lose their indexes as data grows (a few hundred ms at 100,000 leads).
  if (handle.kind === 'pglite') await handle.db.execute(sql`analyze`);
  const seeded = await seedDatabase(handle.db, config);
  if (seeded.generatedAdmin) {
    console.log(
      `\n  Primo amministratore creato.\n  Email:    ${seeded.generatedAdmin.email}\n  Password: ${seeded.generatedAdmin.password}\n  (mostrata solo ora: conservala o cambiala dopo l'accesso)\n`,
    );
  }

  const app = await buildApp({
    db: handle.db,
    config,
    sessionSecret: resolveSessionSecret(config),
    clientRoot,
    logger: loggerOptions(config.logLevel),
  });

  const scheduler = startScheduler(handle.db, periodicJobs(), { log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: chiusura in corso`);
    await scheduler.stop();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: '0.0.0.0' });
  console.log(`WINSOLUTION pronto su ${config.publicBaseUrl} (database: ${handle.kind})`);
}

void main();
