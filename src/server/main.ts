/**
 * `npm start`: one server process (serve.ts), or with WEB_CONCURRENCY > 1 a primary keeping that
 * many on the same port (cluster-primary.ts). The primary reads only that number: each server
 * process reads and checks every setting (the first to start explains a bad one, once), and the
 * server's code is imported only where it runs, so the primary starts and stays small.
 */
import cluster from 'node:cluster';

const processes = Number(process.env.WEB_CONCURRENCY);
if (cluster.isPrimary && Number.isInteger(processes) && processes > 1) {
  const { runPrimary } = await import('#server/cluster-primary.ts');
  runPrimary(processes);
} else {
  const { EnvError, parseEnv } = await import('#server/env.ts');
  let config;
  try {
    config = parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { serve } = await import('#server/serve.ts');
  await serve(config);
}
