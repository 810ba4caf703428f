import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';

/** Where `npm run openapi` writes the document; a test fails when it differs from the routes. */
export const OPENAPI_FILE = 'docs/openapi.json';

/**
 * The OpenAPI 3.1 document of every /api route, as committed in docs/openapi.json: built from the
 * routes' zod schemas by the same app the server runs. Nothing is served and no query runs, so
 * the app gets no database connection.
 */
export async function generateOpenApi(): Promise<string> {
  const config = parseEnv({ NODE_ENV: 'production', DATA_DIR: '.tmp/openapi' });
  const app = await buildApp({
    db: null as unknown as Database,
    config,
    sessionSecret: 'openapi-generation-only-never-serves-requests',
  });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
