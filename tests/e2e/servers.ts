import { test } from '@playwright/test';

/** Set by global-setup.ts: the base URLs of the E2E servers, one per worker, space-separated. */
export const E2E_SERVERS_ENV = 'E2E_SERVERS';

/** The server of the running test's worker (each worker has its own, with its own database). */
export function serverURL(): string {
  const urls = (process.env[E2E_SERVERS_ENV] ?? '').split(' ').filter(Boolean);
  const url = urls[test.info().parallelIndex];
  if (!url)
    throw new Error(
      `Nessun server E2E per il worker ${test.info().parallelIndex}: ${E2E_SERVERS_ENV}="${urls.join(' ')}"`,
    );
  return url;
}
