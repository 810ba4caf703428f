import { sql } from 'drizzle-orm';
import type { Config } from '#server/env.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedDatabase, type SeedResult } from '#server/db/seed.ts';

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
    // PGlite has no autovacuum: after a migration that rewrote rows, vacuum and refresh the
    // planner's statistics before serving, or the index-only scans read the table again. Otherwise
    // the statistics kept in the data folder stand, and the daily 'manutenzione-pglite' job
    // refreshes them (docs/performance.md#pglite-senza-autovacuum): an ANALYZE at every start
    // cost 2.5 s of a 6.8 s start at 100,000 leads.
    if (handle.kind === 'pglite' && applied > 0) await handle.db.execute(sql`vacuum (analyze)`);
    return seedDatabase(handle.db, config);
  };
  return handle.withStartupLock ? handle.withStartupLock(work) : work();
}
