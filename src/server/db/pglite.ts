import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's buffer cache. PostgreSQL's default (128 MB) sits in the server's own memory, since
 * PGlite's WebAssembly memory lives in the process, and PostgreSQL touches all of it at start.
 * With 16 MB a page not in the cache is read from the data directory through the kernel's page
 * cache, which is not counted in the server's memory: the lists answer as fast and the server
 * takes about 110 MB less (docs/decisions/050-cache-di-pglite.md).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * A PGlite with our extensions (pg_trgm: the lead search indexes; btree_gin: a person's id in the
 * scope search index; the migrations create both): in
 * dataDir, from a dump (loadDataDir), or in memory. PGlite is loaded here, on first use: a server
 * on PostgreSQL never loads it (docs/performance.md#avvio).
 */
export async function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ]);
  return PGlite.create({
    ...options,
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}
