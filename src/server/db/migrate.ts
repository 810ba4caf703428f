import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { projectRoot } from '../project-root';
import type { DatabaseHandle } from './client';

/** Found from the project root, so the compiled server (dist/server/) reads the same SQL files. */
export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    await migrateNodePg(handle.db as never, { migrationsFolder });
  }
}
