import type { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/**
 * Helpers of the search's property tests: a piece of a text as a user might type it, and one
 * value read back from the database.
 */

/** The characters from the a-th to the b-th (each taken modulo the length, in either order). */
export function pieceOf(text: string, a: number, b: number): string {
  const chars = Array.from(text);
  const [from, to] = [a % chars.length, b % chars.length].sort((x, y) => x - y);
  return chars.slice(from, to + 1).join('');
}

/** The column `v` of the query's first row. */
export async function selectValue<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ v: T }> };
  return result.rows[0].v;
}
