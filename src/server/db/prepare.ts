import { sql } from 'drizzle-orm';
import type { Config } from '../env';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { seedDatabase, type SeedResult } from './seed';

/**
 * Migrations and first-start data, exactly once however many instances start together: on
 * PostgreSQL they run one after the other under the startup advisory lock, and the later ones find
 * nothing left to do.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<SeedResult> {
  const work = async () => {
    const applied = await runMigrations(handle);
    // PGlite has no autovacuum: refresh the planner's statistics at every start, or the list
    // queries lose their indexes as data grows (a few hundred ms at 100,000 leads); after a
    // migration that rewrote rows, vacuum too, or the index-only scans read the table again
    // (docs/performance.md#pglite-senza-autovacuum).
    if (handle.kind === 'pglite') await handle.db.execute(applied > 0 ? sql`vacuum (analyze)` : sql`analyze`);
    return seedDatabase(handle.db, config);
  };
  return handle.withStartupLock ? handle.withStartupLock(work) : work();
}
