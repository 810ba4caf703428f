import type { PGlite } from '@electric-sql/pglite';

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
  return PGlite.create({ ...options, extensions: { pg_trgm, btree_gin } });
}
