import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Small SQL helpers every module needs once. */

/** An ILIKE pattern matching `text` anywhere, with the wildcards the user typed taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A text stored lower-cased (a search column such as leads.cerca) holds `text` anywhere: LIKE
 * against the term lower-cased by the same lower() as the stored text, instead of ILIKE folding
 * every row read (docs/performance.md#testo-di-ricerca).
 */
export function lowerTextContains(lowerCased: SQLWrapper, text: string): SQL {
  return sql`${lowerCased} like lower(${containsPattern(text)})`;
}

/** These ids as an int[]: the array literal as one text parameter, cast by the server. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/** An error PostgreSQL raised with this SQLSTATE, from PGlite or node-postgres (drizzle may wrap it in `cause`). */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === sqlState || e?.cause?.code === sqlState;
}

/** A unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}
