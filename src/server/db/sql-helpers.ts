/** Small SQL helpers every module needs once. */

/** An ILIKE pattern matching `text` anywhere, with the wildcards the user typed taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A unique-constraint violation, from PGlite or node-postgres (drizzle may wrap it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
