import path from 'node:path';
import { projectRoot } from '../project-root';
import type { DatabaseHandle } from './client';

/** Found from the project root, so the compiled server (dist/server/) reads the same SQL files. */
export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  // Each driver's migrator is loaded only for that driver (docs/performance.md#avvio).
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  }
}
