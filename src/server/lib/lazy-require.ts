import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use instead of at start. Spreadsheets, PDFs, QR codes,
 * the S3 SDK and the SMTP client serve a few requests but cost most of the server's module loading,
 * so `npm start` is ready sooner without them (docs/performance.md#avvio). The first call loads the
 * package; later calls return the same module.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
