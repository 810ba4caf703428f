import path from 'node:path';
import { sql } from 'drizzle-orm';
import { projectRoot } from '#server/project-root.ts';
import type { DatabaseHandle } from '#server/db/client.ts';

/** Found from the project root, so the compiled server (dist/server/) reads the same SQL files. */
export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');

/** How many migrations the database has recorded (0 before the first). */
async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from information_schema.tables t
      where t.table_schema = 'drizzle' and t.table_name = '__drizzle_migrations'`,
  )) as { rows: Array<{ n: number }> };
  if (!result.rows[0]?.n) return 0;
  const applied = (await handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as { rows: Array<{ n: number }> };
  return applied.rows[0]?.n ?? 0;
}

/** Applies the migrations not yet applied; answers how many it applied. */
export async function runMigrations(handle: DatabaseHandle): Promise<number> {
  const before = await appliedMigrations(handle);
  // Each driver's migrator is loaded only for that driver (docs/performance.md#avvio).
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  }
  return (await appliedMigrations(handle)) - before;
}
